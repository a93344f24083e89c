/** Typed errors thrown by services; the error plugin maps them to a status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Admins only') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

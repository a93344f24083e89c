import { fitsMoneyColumn, formatMoney, MAX_DOLLARS } from '@wd/contracts';

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

/**
 * Refuses (400) amounts in cents a money column cannot hold (32-bit integers,
 * at most $21,474,836.47 either way), before they are written: a computed
 * amount (a line's quantity × price, an invoice total, a payment's amount due)
 * can outgrow the column even when every input was in range. `owner` starts
 * the sentence ("The invoice's"); the key names the amount; `field`, when
 * given, is the request field the answer points at.
 */
export function assertMoneyFits(owner: string, amounts: Record<string, number>, field?: string) {
  for (const [key, cents] of Object.entries(amounts)) {
    if (!fitsMoneyColumn(cents)) {
      const limit = formatMoney(cents < 0 ? -MAX_DOLLARS : MAX_DOLLARS);
      throw new ValidationError(
        `${owner} ${key} would be ${cents < 0 ? 'less' : 'more'} than ${limit}, beyond what an amount can hold`,
        field,
      );
    }
  }
}

// The calls of this area are added here (see products.ts for the shape).
export {};

/** The product's name, used in page titles ("<route title> | Wholesale Desk"). */
export const PRODUCT_NAME = 'Wholesale Desk';

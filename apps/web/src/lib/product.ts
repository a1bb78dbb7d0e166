/** The product's name, shown by the console and the public site. */
export const PRODUCT_NAME = 'Fleet Console';

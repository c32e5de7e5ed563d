/** The product's name: the prefix of 500 error codes (`INKWELL_GENERIC_ERROR`) and the sender of messages. */
export const PRODUCT_NAME = 'Inkwell'

/** Keys for roles and fields within one page load: React lists need them, the wire never sees them. */
let counter = 0
export const newKey = () => `k${++counter}`

/** Login e-mail rule of spec 000 §5: something, @, something, dot, something. Also the newsletter's rule. */
export const LOGIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

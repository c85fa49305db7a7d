import { md5 } from 'js-md5';

/**
 * What a password looks like on the wire: md5(md5(password)) in lowercase hex, as the spec asks. This is
 * wire compatibility with the existing back end, not protection: the server stores a scrypt of it.
 */
export const hashPassword = (password: string): string => md5(md5(password));

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Passwords leave the browser hashed: lowercase hex SHA-256 of the UTF-8 text. The server stores
 * scrypt of that value, so the plain password never reaches it. Rules that need the plain text
 * (length, letter and digit) are checked in the browser; the weak list is checked on both sides.
 */
export const hashPassword = (plain: string) => bytesToHex(sha256(utf8ToBytes(plain)));

import type { Packet } from '../core/types.js';

/** The packet as one JSON object on one line: the public contract agents parse. */
export function renderJson(packet: Packet): string {
  return safeJson(packet) + '\n';
}

// JSON.stringify leaves C1 controls (U+009B is an 8-bit CSI), DEL, bidi and invisible characters raw;
// escaped as \uXXXX they stay the same JSON value and cannot act on a terminal.
const UNSAFE = /[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\udb40]|[\udc00-\udc7f](?<=\udb40[\udc00-\udc7f])/g;

/** JSON.stringify whose output is safe to print on a terminal. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import type { Packet } from '../core/types.js';

/** The packet as one JSON object on one line: the public contract agents parse. */
export function renderJson(packet: Packet): string {
  return JSON.stringify(packet) + '\n';
}

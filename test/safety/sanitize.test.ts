import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { needsSanitizing, sanitizeForTerminal } from '../../src/safety/sanitize.js';

const ESC = '\u001b';
const BEL = '\u0007';

describe('sanitizeForTerminal', () => {
  it('removes colours and cursor movement', () => {
    expect(sanitizeForTerminal(`${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H${ESC}[10;5Hmoved${ESC}[?25l`)).toBe('red moved');
    expect(sanitizeForTerminal('\u009b2Jeight-bit')).toBe('eight-bit');
  });

  it('shows clipboard writes, titles and hyperlinks as inert text', () => {
    expect(sanitizeForTerminal(`${ESC}]52;c;cm0gLXJmIH4=${BEL}`)).toBe('\\x1b]52;c;cm0gLXJmIH4=\\x07');
    expect(sanitizeForTerminal(`${ESC}]0;pwned${ESC}\\`)).toBe('\\x1b]0;pwned\\x1b\\');
    expect(sanitizeForTerminal(`${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`)).not.toContain(ESC);
    expect(sanitizeForTerminal(`${ESC}P+q544e${ESC}\\`)).toBe('\\x1bP+q544e\\x1b\\');
  });

  it('escapes other control characters but keeps tab, newline and CRLF', () => {
    expect(sanitizeForTerminal('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(sanitizeForTerminal('bell\u0007 back\bspace nul\u0000 cr\rover del\u007f')).toBe('bell\\x07 back\\x08space nul\\0 cr\\rover del\\x7f');
  });

  it('shows bidi overrides, zero-width spaces and tag characters', () => {
    expect(sanitizeForTerminal('if (isAdmin\u202e } \u2066// x\u2069')).toBe('if (isAdmin\\u{202e} } \\u{2066}// x\\u{2069}');
    expect(sanitizeForTerminal('a\u200bb\ufeffc')).toBe('a\\u{200b}b\\u{feff}c');
    expect(sanitizeForTerminal(`x${String.fromCodePoint(0xe0041)}`)).toBe('x\\u{e0041}');
  });

  it('leaves ordinary text, emoji and right-to-left scripts untouched', () => {
    const text = 'ok ✓ 👨‍👩‍👧 مرحبا שלום می‌خواهم — done';
    expect(sanitizeForTerminal(text)).toBe(text);
    expect(needsSanitizing(text)).toBe(false);
  });

  it('is idempotent and leaves no escape or control character', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.array(fc.constantFrom(ESC, '[', ']', '52;c;', BEL, '\\', '\u009b', '\r', '\n', 'P', 'x', '2J', '\u202e', '\u200b'), { maxLength: 60 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(hostile, (s) => {
        const once = sanitizeForTerminal(s);
        expect(sanitizeForTerminal(once)).toBe(once);
        expect(once).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 3000 },
    );
  });
});

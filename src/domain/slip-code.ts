/**
 * A bet slip's verification code as people read and type it (issue 12, decision 031): ten
 * characters from an alphabet without the look-alikes 0/O, 1/I/L. The server derives it
 * (src/modules/bets/slips.service.ts); the web app formats it and reads what a cashier types
 * or a scanner sends. Shared with web/.
 */

/** 8 digits and 23 capitals: no 0, 1, I, L or O. */
export const SLIP_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export const SLIP_CODE_LENGTH = 10;

const VALID = new RegExp(`^[${SLIP_ALPHABET}]{${SLIP_CODE_LENGTH}}$`);

/**
 * The code in what was typed or scanned: case, spaces and dashes do not matter
 * ("abcde-fghjk" is ABCDEFGHJK). null when what is left is not a code.
 */
export function normalizeSlipCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, "").toUpperCase();
  return VALID.test(code) ? code : null;
}

/** Printed in two groups of five, easier to read aloud and type: `ABCDE-FGHJK`. */
export function formatSlipCode(code: string): string {
  return code.length === SLIP_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

// Whether a colour is skin: what tells a face from hair and a hand from a sleeve.

/** The classic RGB skin rule: warm, red over green over blue, not grey. */
export const isSkin = (r: number, g: number, b: number): boolean => r > 95 && g > 40 && b > 20 && r > g && g > b && r - b > 15 && r - g < 110;

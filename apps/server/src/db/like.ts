/** A user's search text as a literal ILIKE pattern fragment: %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const STAMP: string;
export function reasonToBuild(root?: string): string | null;

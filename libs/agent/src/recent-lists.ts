/** True when both lists hold the very same items (===) in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A value for each of the last few lists seen, found by comparing lists item by item: for hot
 * paths that meet the same few lists again and again (a worker's allowed tools, the tool
 * schemas of one kind of task), where building a key would cost more than the comparison.
 */
export class RecentLists<T, V> {
  private readonly entries: { list: readonly T[]; value: V }[] = [];

  constructor(private readonly max: number) {}

  get(list: readonly T[]): V | undefined {
    for (const e of this.entries) if (sameItems(list, e.list)) return e.value;
    return undefined;
  }

  /** Keeps a copy of `list` (the caller may change its own), most recent first. */
  remember(list: readonly T[], value: V): V {
    if (this.entries.length >= this.max) this.entries.pop();
    this.entries.unshift({ list: list.slice(), value });
    return value;
  }
}

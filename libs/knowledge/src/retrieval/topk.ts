/**
 * Bounded min-heap keeping the k best (score, id) pairs. Ties on score go to the lower id so
 * rankings are deterministic across runs and between the embedded and persisted indexes.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(Math.max(1, k));
    this.ids = new Int32Array(Math.max(1, k));
  }

  /** true when (a, ida) ranks below (b, idb). */
  private static worse(a: number, ida: number, b: number, idb: number): boolean {
    return a < b || (a === b && ida > idb);
  }

  push(score: number, id: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      this.scores[i] = score;
      this.ids[i] = id;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (
          !TopK.worse(
            this.scores[i] as number,
            this.ids[i] as number,
            this.scores[p] as number,
            this.ids[p] as number,
          )
        )
          break;
        this.swap(i, p);
        i = p;
      }
      return;
    }
    if (!TopK.worse(this.scores[0] as number, this.ids[0] as number, score, id)) return;
    this.scores[0] = score;
    this.ids[0] = id;
    this.siftDown(0);
  }

  /** Best first. */
  result(): Array<{ id: number; score: number }> {
    const out: Array<{ id: number; score: number }> = [];
    for (let i = 0; i < this.size; i++)
      out.push({ id: this.ids[i] as number, score: this.scores[i] as number });
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  private siftDown(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (
        l < this.size &&
        TopK.worse(
          this.scores[l] as number,
          this.ids[l] as number,
          this.scores[m] as number,
          this.ids[m] as number,
        )
      )
        m = l;
      if (
        r < this.size &&
        TopK.worse(
          this.scores[r] as number,
          this.ids[r] as number,
          this.scores[m] as number,
          this.ids[m] as number,
        )
      )
        m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a] as number;
    this.scores[a] = this.scores[b] as number;
    this.scores[b] = s;
    const id = this.ids[a] as number;
    this.ids[a] = this.ids[b] as number;
    this.ids[b] = id;
  }
}

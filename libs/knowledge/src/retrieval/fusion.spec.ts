import { rrfFuse } from './fusion';

describe('rrfFuse', () => {
  it('sums 1/(k + rank) over lists (k = 60 by default)', () => {
    const fused = rrfFuse([
      { name: 'bm25', ids: ['a', 'b', 'c'] },
      { name: 'dense', ids: ['c', 'a', 'd'] },
    ]);
    const score = Object.fromEntries(fused.map((f) => [f.id, f.score]));
    expect(score['a']).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(score['c']).toBeCloseTo(1 / 63 + 1 / 61, 15);
    expect(score['b']).toBeCloseTo(1 / 62, 15);
    expect(score['d']).toBeCloseTo(1 / 63, 15);
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.matched_by).toEqual(['bm25', 'dense']);
    expect(fused.find((f) => f.id === 'd')?.matched_by).toEqual(['dense']);
  });

  it('uses the configured constant, window and per-list weights', () => {
    const fused = rrfFuse(
      [
        { name: 'bm25', ids: [1, 2, 3] },
        { name: 'dense', ids: [3, 4] },
      ],
      { k: 1, window: 2, weights: { dense: 0.5 } },
    );
    const score = new Map(fused.map((f) => [f.id, f.score]));
    expect(score.get(1)).toBeCloseTo(1 / 2, 15);
    expect(score.get(2)).toBeCloseTo(1 / 3, 15);
    // 3 is beyond the bm25 window, so only its dense rank counts.
    expect(score.get(3)).toBeCloseTo(0.5 / 2, 15);
    expect(fused.find((f) => f.id === 3)?.matched_by).toEqual(['dense']);
  });

  it('breaks exact ties by best rank, then id, so output is deterministic', () => {
    const a = rrfFuse([
      { name: 'bm25', ids: ['x', 'y'] },
      { name: 'dense', ids: ['y', 'x'] },
    ]);
    expect(a.map((f) => f.id)).toEqual(['x', 'y']);
  });

  it('a document high in both lists beats one that tops a single list', () => {
    const fused = rrfFuse([
      { name: 'bm25', ids: ['solo', 'both'] },
      { name: 'dense', ids: ['other', 'both'] },
    ]);
    expect(fused[0]?.id).toBe('both');
  });
});

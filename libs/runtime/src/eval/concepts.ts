import { extractConcepts, sharesConcept } from '@medagent/knowledge';

/** The question's medical concepts once, tested against many sources (@medagent/knowledge's concepts). */
export function answerConcepts(question: string): { concepts: string[]; sharesWith(text: string): boolean } {
  const q = extractConcepts(question);
  return { concepts: q.map((c) => c.id), sharesWith: (text) => sharesConcept(q, extractConcepts(text)) };
}

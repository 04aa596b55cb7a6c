import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable } from '@nestjs/common';

const REF = /^fhir-bundle:[0-9a-f]{16,64}$/;

/**
 * FHIR Bundles stored ahead of a consultation, so a request can name one by reference
 * (`patient_context_ref: "fhir-bundle:<id>"`) instead of carrying it. In memory, bounded; with
 * a directory (MEDAGENT_DATA_DIR/patient-context) they survive a restart. The id is the
 * content hash: storing the same Bundle twice gives the same reference.
 */
@Injectable()
export class PatientContextStore {
  private readonly mem = new Map<string, unknown>();

  constructor(private readonly dir?: string, private readonly max = 10_000) {}

  put(bundle: unknown): string {
    const json = JSON.stringify(bundle);
    const ref = `fhir-bundle:${createHash('sha256').update(json).digest('hex').slice(0, 32)}`;
    this.mem.set(ref, bundle);
    if (this.mem.size > this.max) this.mem.delete(this.mem.keys().next().value as string);
    if (this.dir) {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(this.file(ref), json, { mode: 0o600 });
    }
    return ref;
  }

  get(ref: string): unknown {
    if (!REF.test(ref)) return undefined;
    const hit = this.mem.get(ref);
    if (hit !== undefined || !this.dir) return hit;
    try {
      return JSON.parse(fs.readFileSync(this.file(ref), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  }

  /** Under MEDAGENT_DATA_DIR (default ./.medagent)/patient-context: shared by the ingress and the coordinator of one deployment. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): PatientContextStore {
    return new PatientContextStore(path.join(env['MEDAGENT_DATA_DIR'] ?? '.medagent', 'patient-context'));
  }

  static isRef(ref: string): boolean {
    return REF.test(ref);
  }

  private file(ref: string): string {
    return path.join(this.dir as string, `${ref.slice('fhir-bundle:'.length)}.json`);
  }
}

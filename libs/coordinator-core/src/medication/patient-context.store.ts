import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable } from '@nestjs/common';

const REF = /^fhir-bundle:[0-9a-f]{16,64}$/;

interface StoredContext {
  tenant: string;
  bundle: unknown;
}

/**
 * FHIR Bundles stored ahead of a consultation, so a request can name one by reference
 * (`patient_context_ref: "fhir-bundle:<id>"`) instead of carrying it. In memory, bounded; with
 * a directory (MEDAGENT_DATA_DIR/patient-context) they survive a restart. The id is random
 * (128 bits) and the Bundle belongs to the tenant that stored it: a reference used from another
 * tenant finds nothing, like an unknown one.
 */
@Injectable()
export class PatientContextStore {
  private readonly mem = new Map<string, StoredContext>();

  constructor(private readonly dir?: string, private readonly max = 10_000) {}

  put(bundle: unknown, tenant: string): string {
    const ref = `fhir-bundle:${randomBytes(16).toString('hex')}`;
    const entry: StoredContext = { tenant, bundle };
    const json = JSON.stringify(entry);
    this.mem.set(ref, entry);
    if (this.mem.size > this.max) this.mem.delete(this.mem.keys().next().value as string);
    if (this.dir) {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(this.file(ref), json, { mode: 0o600 });
    }
    return ref;
  }

  /** The Bundle stored under `ref` by `tenant`; undefined for an unknown ref or another tenant's. */
  get(ref: string, tenant: string): unknown {
    if (!REF.test(ref)) return undefined;
    let hit = this.mem.get(ref);
    if (hit === undefined && this.dir) {
      try {
        hit = JSON.parse(fs.readFileSync(this.file(ref), 'utf8')) as StoredContext;
      } catch {
        return undefined;
      }
    }
    return hit !== undefined && hit.tenant === tenant ? hit.bundle : undefined;
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

/**
 * Filling through the link of a notice, without signing in. The token (256 random bits) is looked up
 * by its hash; it opens, drafts and submits its one assignment, until it expires or the assignment is
 * submitted (by any means). Unknown or altered tokens, expired and used links each get their own
 * translated error, audited (with the patient id whenever the link names one).
 */
import type { FillView, SubmitResult } from '@painlab/shared/questionnaires';
import { appendAudit, type Actor } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { linkTokenHash } from './due.service';
import { saveDraftIn, submitResponse } from './fill.service';
import { toAssignment } from './questionnaires.mapping';
import { auditingRefusals, event, linkActor, refuse } from './questionnaires.policy';
import { findAssignment, findLink, findLivePatient, useLink } from './questionnaires.repository';
import { firstName } from './questionnaires.service';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The link's assignment, or the refusal (audited) that says why not. */
async function usable(deps: Deps, actor: Actor, token: string, attempted: string) {
  const link = TOKEN.test(token) ? await findLink(deps.database.db, linkTokenHash(token)) : null;
  if (!link)
    return refuse(
      deps,
      actor,
      attempted,
      { recordId: null, patientId: null },
      'link_invalid',
      DomainError.link('link_invalid'),
    );
  const assignment = (await findAssignment(deps.database.db, link.assignmentId))!;
  const ref = { recordId: assignment.id, patientId: assignment.patientId };
  if (link.usedAt || assignment.status !== 'open')
    return refuse(deps, actor, attempted, ref, 'link_used', DomainError.link('link_used'));
  if (link.expiresAt.getTime() <= Date.now())
    return refuse(deps, actor, attempted, ref, 'link_expired', DomainError.link('link_expired'));
  return { link, assignment, ref };
}

export async function openLink(deps: Deps, base: Actor, token: string): Promise<FillView> {
  const actor = linkActor(base);
  const { assignment } = await usable(deps, actor, token, 'questionnaires.link_open');
  return deps.database.db.transaction(async (tx) => {
    const found = await findLivePatient(tx, assignment.patientId);
    if (!found) throw DomainError.link('link_invalid');
    await appendAudit(tx, event(actor, 'questionnaires.link_open', assignment.id, found.id));
    return { assignment: toAssignment(assignment), patientFirstName: firstName(found.name) };
  });
}

export async function linkDraft(
  deps: Deps,
  base: Actor,
  token: string,
  answers: (number | null)[],
  version: number,
) {
  const actor = linkActor(base);
  const { assignment, ref } = await usable(deps, actor, token, 'questionnaires.draft');
  return auditingRefusals(deps, actor, 'questionnaires.draft', ref, () =>
    deps.database.db.transaction((tx) =>
      saveDraftIn(tx, actor, assignment.id, answers, version, 'link'),
    ),
  );
}

export async function linkSubmit(
  deps: Deps,
  base: Actor,
  token: string,
  answers: (number | null)[],
): Promise<SubmitResult> {
  const actor = linkActor(base);
  const { link, assignment, ref } = await usable(deps, actor, token, 'questionnaires.submit');
  return auditingRefusals(deps, actor, 'questionnaires.submit', ref, () =>
    submitResponse(
      deps,
      actor,
      assignment.id,
      answers,
      { source: 'link', enteredBy: null },
      async (tx) => {
        if (!(await useLink(tx, link.id))) throw DomainError.link('link_used');
      },
    ),
  );
}

import { useRef, useState } from 'react';
import { STAFF_ROLES, staffInviteSchema, type StaffMember, type StaffRole } from '@stride/shared';
import { FormField } from '../../../components/ui/form-field';
import { LabelledControl } from '../../../components/ui/labelled-control';
import { PanelForm } from '../../../components/ui/panel-form';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { confirmDelete, showToast } from '../../../lib/alerts';
import { announceFailure, useSubmission } from '../../../lib/use-submission';
import { changeStaffRole, inviteStaff, removeStaff } from '../api/team-api';
import { TEAM_MESSAGES as M } from '../team-messages';
import { otherRole } from '../team-roles';

const T = M.tab;
const INVITE_FIELDS = ['email', 'role'] as const;

const STATUS_BADGE = { invited: 'badge-warning', active: 'badge-success' } as const;

/**
 * A race's team in the desk's Team tab (issue 33): each member's e-mail, name once they accepted, role and
 * status. The organizer (`canManage`) also gives a member the other role, removes one, and invites by e-mail;
 * a co-organizer sees the team only. The list is the route's loader's: a change re-runs it.
 */
export function TeamPanel({
  raceId,
  members,
  canManage,
}: {
  raceId: string;
  members: readonly StaffMember[];
  canManage: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { send } = useSubmission();

  async function changeRole(member: StaffMember) {
    const role = otherRole(member.role);
    if (!(await confirmDelete(M.changeRole.confirm(member.email, role)))) return;
    await send(() => changeStaffRole(raceId, member._id, role), {
      onDone: () => showToast('success', M.changeRole.done(member.email, role)),
      onFailure: (failure) => announceFailure(M.changeRole.outcome, failure),
    });
  }

  async function remove(member: StaffMember) {
    const { confirm, outcome } = M.remove.messages(member.email, member.status);
    if (!(await confirmDelete(confirm))) return;
    const removed = await send(() => removeStaff(raceId, member._id), {
      onDone: () => showToast('success', M.remove.done(member.email)),
      onFailure: (failure) => announceFailure(outcome, failure),
    });
    // The row's buttons are gone: keep keyboard users in the section.
    if (removed) headingRef.current?.focus();
  }

  return (
    <section aria-labelledby="team-heading" className="space-y-4">
      <h2 id="team-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {T.heading}
      </h2>
      <p className="text-base-content/75 text-sm">{T.intro}</p>
      {!canManage && <p>{T.readOnly}</p>}
      {members.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <ResponsiveTable
          caption={T.caption}
          rows={members}
          rowKey={(member) => member._id}
          columns={[
            {
              header: T.columns.email,
              isRowHeader: true,
              cell: (member) => <span className="break-all">{member.email}</span>,
            },
            { header: T.columns.name, cell: (member) => member.name ?? T.noName },
            { header: T.columns.role, cell: (member) => M.roles[member.role] },
            {
              header: T.columns.status,
              cell: (member) => (
                <span className={`badge badge-sm ${STATUS_BADGE[member.status]}`}>
                  {M.statuses[member.status]}
                </span>
              ),
            },
          ]}
          actions={(member) =>
            canManage && (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => void changeRole(member)}
                >
                  {M.changeRole.button(otherRole(member.role))}
                  <span className="sr-only">{M.changeRole.of(member.email)}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-sm"
                  onClick={() => void remove(member)}
                >
                  {M.remove.button}
                  <span className="sr-only">{M.remove.of(member.email)}</span>
                </button>
              </div>
            )
          }
        />
      )}
      {canManage && <InviteForm raceId={raceId} />}
    </section>
  );
}

/** E-mail and role, checked by the shared schema, then sent; the API's refusals show beside the e-mail. */
function InviteForm({ raceId }: { raceId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('checkin');
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();

  return (
    <PanelForm
      formRef={formRef}
      heading={M.invite.heading}
      submitLabel={M.invite.submit}
      isSubmitting={isSubmitting}
      onSubmit={(event) =>
        void submit(
          event,
          staffInviteSchema.safeParse({ email: email.trim(), role }),
          (input) => inviteStaff(raceId, input),
          {
            fields: INVITE_FIELDS,
            onDone: async (member) => {
              setEmail('');
              await showToast('success', M.invite.sent(member.email));
            },
            onFailure: (failure) => announceFailure(M.invite.outcome, failure),
          },
        )
      }
    >
      <FormField
        label={M.invite.email}
        name="email"
        type="email"
        required
        autoComplete="off"
        spellCheck={false}
        value={email}
        error={errors.email}
        hint={M.invite.emailHint}
        onChange={(event) => {
          setEmail(event.target.value);
          clearError('email');
        }}
      />
      <LabelledControl label={M.invite.role} error={errors.role}>
        {(control) => (
          <select
            {...control}
            name="role"
            className="select w-full"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as StaffRole);
              clearError('role');
            }}
          >
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {M.roles[value]}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
    </PanelForm>
  );
}

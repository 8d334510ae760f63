import { UNANSWERED } from '@stride/shared';
import { PAYMENT_STATUSES, type PaymentStatus } from '@stride/shared/money';
import { FilterSelect } from '../../../components/ui/filter-select';
import { ageGroupsOf, deskFieldsOf, genderLabel, type DeskRace } from '../entry-answers';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import {
  GENDER_FILTERS,
  readCheckedInParam,
  withFilters,
  type GenderFilter,
  type ParticipantsView,
} from '../participants-view';

const F = PARTICIPANTS_MESSAGES.filters;

/** The check-in filter's choices, as the URL writes them (`checkedIn=true|false`). */
const CHECKED_IN_CHOICES = (['true', 'false'] as const).map((value) => ({
  value,
  label: F.checkedInChoices[value],
}));

/**
 * The list's filters by gender and age group, each shown when the race collects it, by payment when it has
 * money (`withPayments`), and on the Registered tab by race-day check-in (issue 33); a choice applies at once
 * (from the first page) and goes into the URL.
 */
export function ParticipantsFilters({
  race,
  withPayments,
  view,
  onChange,
}: {
  race: DeskRace;
  withPayments: boolean;
  view: ParticipantsView;
  onChange: (next: ParticipantsView) => void;
}) {
  const shown = deskFieldsOf(race);
  const withCheckin = view.status === 'registered';
  if (!shown.gender && !shown.ageGroup && !withPayments && !withCheckin) return null;
  return (
    <div className="flex flex-wrap gap-x-4">
      {shown.gender && (
        <FilterSelect
          allLabel={F.all}
          className="w-full sm:w-44"
          label={F.gender}
          value={view.gender}
          choices={GENDER_FILTERS.map((gender) => ({ value: gender, label: genderLabel(gender) }))}
          onChange={(gender) => onChange(withFilters(view, { gender: gender as GenderFilter | null }))}
        />
      )}
      {shown.ageGroup && (
        <FilterSelect
          allLabel={F.all}
          className="w-full sm:w-44"
          label={F.ageGroup}
          value={view.ageGroup}
          choices={[
            ...ageGroupsOf(race).map((group) => ({ value: group, label: group })),
            { value: UNANSWERED, label: F.unanswered },
          ]}
          onChange={(ageGroup) => onChange(withFilters(view, { ageGroup }))}
        />
      )}
      {withPayments && (
        <FilterSelect
          allLabel={F.all}
          className="w-full sm:w-44"
          label={F.paymentStatus}
          value={view.paymentStatus}
          choices={PAYMENT_STATUSES.map((status) => ({
            value: status,
            label: PARTICIPANTS_MESSAGES.paymentStatuses[status],
          }))}
          onChange={(paymentStatus) =>
            onChange(withFilters(view, { paymentStatus: paymentStatus as PaymentStatus | null }))
          }
        />
      )}
      {withCheckin && (
        <FilterSelect
          allLabel={F.all}
          className="w-full sm:w-44"
          label={F.checkedIn}
          value={view.checkedIn === null ? null : String(view.checkedIn)}
          choices={CHECKED_IN_CHOICES}
          onChange={(value) => onChange(withFilters(view, { checkedIn: readCheckedInParam(value) }))}
        />
      )}
    </div>
  );
}

import type { Marathon } from '@stride/shared';
import { Modal } from '../../../components/ui/modal';
import type { SubmitOptions } from '../../../lib/use-submission';
import { updateMarathon, type MarathonUpdated } from '../api/marathons-api';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../dashboard-messages';
import { marathonToFormValues } from '../marathon-form-values';
import { MarathonForm } from './marathon-form';

/**
 * 'Update Marathon': the race form in a modal, filled with `marathon` (open while it is not null), sending its
 * changes; `options` closes it and says the outcome (`useRecordUpdating`).
 */
export function UpdateMarathonModal({
  marathon,
  onClose,
  options,
}: {
  marathon: Marathon | null;
  onClose: () => void;
  options: Omit<SubmitOptions<MarathonUpdated>, 'fields'>;
}) {
  return (
    <Modal open={marathon !== null} title={M.updateHeading} onClose={onClose}>
      {marathon && (
        <MarathonForm
          initialValues={marathonToFormValues(marathon)}
          submitLabel={M.updateSubmit}
          cancelLabel={M.cancel}
          onCancel={onClose}
          headingLevel={3}
          send={(input) => updateMarathon(marathon._id, input)}
          options={options}
        />
      )}
    </Modal>
  );
}

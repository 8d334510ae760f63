import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { TIMERS } from '@stride/shared/constants';
import { paths } from '../../../config/paths';
import { createMarathon, getPaymentOptions } from '../../../features/marathons/api/marathons-api';
import { MarathonForm } from '../../../features/marathons/components/marathon-form';
import { MARATHON_DASHBOARD_MESSAGES as M } from '../../../features/marathons/dashboard-messages';
import { getBrowserTimeZone, newMarathonFormValues } from '../../../features/marathons/marathon-form-values';
import { showAlert } from '../../../lib/alerts';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** How this server takes entry fees: the new race's currency and way to pay. */
export function loader({ request }: { request: Request }) {
  return getPaymentOptions(request.signal);
}

/** docs/SPEC.md §2 Add New Marathon: on 201 an alert for 2 s, then My Marathons, with the form cleared. */
export function Component() {
  useDocumentTitle(M.addTitle);
  const paymentOptions = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // A new key gives a fresh, empty form.
  const [formKey, setFormKey] = useState(0);

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.addHeading}</h1>
      <div className="bg-base-100 border-base-300 rounded-box border p-4 shadow-sm sm:p-6">
        <MarathonForm
          key={formKey}
          initialValues={newMarathonFormValues(getBrowserTimeZone(), paymentOptions)}
          submitLabel={M.submit}
          send={createMarathon}
          options={{
            // My Marathons loads the new race when it opens.
            revalidate: false,
            onDone: async () => {
              await showAlert({
                icon: 'success',
                title: M.addedTitle,
                text: M.addedText,
                timer: TIMERS.marathonAddedAlertMs,
              });
              setFormKey((key) => key + 1);
              await navigate(paths.myMarathons.href);
            },
            onFailure: () => showAlert({ icon: 'error', title: M.addFailedTitle, text: M.addFailedText }),
          }}
        />
      </div>
    </section>
  );
}

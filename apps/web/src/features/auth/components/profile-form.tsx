import { useState } from 'react';
import { signUpSchema } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { AvatarPhoto } from '../../../components/ui/pictures';
import { showAlert } from '../../../lib/alerts';
import { refetchSession, type SessionUser } from '../../../lib/auth-client';
import { callAuth } from '../../../lib/call-auth';
import { previewableImageUrl } from '../../../lib/upload-image';
import { useSubmission } from '../../../lib/use-submission';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';

/** The profile's fields, checked by the sign-up form's own rules. */
const profileSchema = signUpSchema.pick({ name: true, photoURL: true });

/** Account settings (docs/SPEC.md §1, §4): display name and photo URL; the navbar follows at once. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const [name, setName] = useState(user.name);
  const [photoURL, setPhotoURL] = useState(user.image ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const photoPreview = previewableImageUrl(photoURL);
  const { formRef, errors, isSubmitting, submit } = useSubmission();

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        setError(null);
        void submit(
          event,
          profileSchema.safeParse({ name, photoURL }),
          async (profile) => {
            await callAuth((client) =>
              client.updateUser({ name: profile.name, image: profile.photoURL || null }),
            );
            // The navbar shows the new name and photo; the screen's data is reloaded after this.
            await refetchSession();
          },
          {
            onDone: () => {
              void showAlert({ icon: 'success', title: AUTH_MESSAGES.profileUpdated, timer: 1500 });
            },
            onFailure: (failure) => setError(describeAuthError(failure)),
          },
        );
      }}
      className="max-w-lg space-y-2"
      noValidate
    >
      <FormField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <ImageUploadField
        label={AUTH_MESSAGES.uploadPhoto}
        preview={
          photoPreview && (
            <div className="avatar">
              <div className="ring-primary ring-offset-base-100 w-20 rounded-full ring-2 ring-offset-2">
                <AvatarPhoto name={name.trim() || user.name} photoUrl={photoPreview} size={80} />
              </div>
            </div>
          )
        }
        onUploaded={setPhotoURL}
        onBusyChange={setUploading}
      />
      <FormField
        label="Photo URL"
        name="photoURL"
        inputMode="url"
        placeholder="https://…"
        value={photoURL}
        error={errors.photoURL}
        onChange={(event) => setPhotoURL(event.target.value)}
      />
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting || isUploading}>Save changes</SubmitButton>
    </form>
  );
}

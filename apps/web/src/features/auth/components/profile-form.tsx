import { useState, type FormEvent } from 'react';
import { displayNameSchema, photoUrlSchema } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { showAlert } from '../../../lib/alerts';
import { loadAuthClient, refetchSession, type SessionUser } from '../../../lib/auth-client';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';

type Errors = { name?: string | undefined; photoURL?: string | undefined };

/** Account settings (SPEC.md §1, §4): display name and photo URL; the navbar follows at once. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const [name, setName] = useState(user.name);
  const [photoURL, setPhotoURL] = useState(user.image ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsedName = displayNameSchema.safeParse(name);
    const parsedPhoto = photoUrlSchema.safeParse(photoURL);
    const nextErrors = {
      name: parsedName.error?.issues[0]?.message,
      photoURL: parsedPhoto.error?.issues[0]?.message,
    };
    setErrors(nextErrors);
    if (!parsedName.success || !parsedPhoto.success) return;
    setError(null);
    setIsSubmitting(true);
    const { error: updateError } = await (
      await loadAuthClient()
    ).updateUser({ name: parsedName.data, image: parsedPhoto.data || null });
    setIsSubmitting(false);
    if (updateError) {
      setError(describeAuthError(updateError));
      return;
    }
    await refetchSession();
    void showAlert({ icon: 'success', title: AUTH_MESSAGES.profileUpdated, timer: 1500 });
  }

  return (
    <form onSubmit={handleSubmit} className="max-w-lg space-y-2" noValidate>
      <FormField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
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
      <SubmitButton isSubmitting={isSubmitting}>Save changes</SubmitButton>
    </form>
  );
}

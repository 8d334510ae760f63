import type { ReactNode } from 'react';

/** The centred card that frames the login, sign-up and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-10">
      <div className="card bg-base-100 border-base-300 w-full max-w-md border shadow-xl">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ProfileReply, type TimeZoneFormData, updateTimeZoneSchema } from "~/lib/forms/account";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, messageOf, useSchemaForm } from "~/components/ui/conform";
import { FormMessage } from "~/components/ui/form";

/**
 * /profile's time zone: a select of the IANA zones (listed by the server, so the browser renders
 * the same options), a plain post with intent "update-time-zone" that works without JavaScript.
 * Until a zone is chosen or detected (detection needs JavaScript), dates are in UTC: said here.
 */
export function TimeZoneForm({ data, reply }: { data: TimeZoneFormData; reply: ProfileReply | undefined }) {
  const current = data.timeZone ?? "UTC";
  const [form, fields] = useSchemaForm(updateTimeZoneSchema, {
    id: "profile-time-zone",
    lastResult: reply,
    shouldValidate: "onSubmit",
    defaultValue: { timeZone: current },
  });
  const error = messageOf(fields.timeZone);
  const { key: _key, ...select } = getSelectProps(fields.timeZone, { ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="update-time-zone" />
      {data.timeZone ? (
        <p className="text-sm text-slate-600">
          Dates and times are shown in <strong>{data.timeZone}</strong> time, here and in your e-mails. Due dates count as overdue once
          their day is over in this zone.
        </p>
      ) : (
        <FormMessage tone="info">
          Dates and times are shown in UTC: your browser&apos;s time zone was not detected (that needs JavaScript). Choose yours below.
        </FormMessage>
      )}
      <FormErrors form={form} />
      <div>
        <label htmlFor={fields.timeZone.id} className="block text-sm font-medium text-slate-700">
          Time zone
        </label>
        <select
          {...select}
          id={fields.timeZone.id}
          name={fields.timeZone.name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fields.timeZone.errorId : undefined}
          className="mt-1 block w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        >
          {data.timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </select>
        {error ? (
          <p id={fields.timeZone.errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("secondary", "md")}>
        Save time zone
      </button>
    </Form>
  );
}

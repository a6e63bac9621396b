export type Intro = { label: string; claim: string; lead?: string };

/** The heading block of a landing section: a small label (the section's h2), a claim and a line. */
export function SectionIntro({ id, label, claim, lead }: Intro & { id: string }) {
  return (
    <div className="lp-intro">
      <h2 id={id} className="lp-label">
        {label}
      </h2>
      <p className="lp-claim">{claim}</p>
      {lead ? <p className="lp-lead">{lead}</p> : null}
    </div>
  );
}

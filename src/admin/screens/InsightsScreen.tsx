/**
 * Insights (the owner's view, a staff tool for owners and editors): over a range of IST days (this month so far
 * unless another is chosen) beside the same number of days before it — leads by source and by course, the funnel,
 * the money received per month and what is still owed, the seats of the coming batches and how fast the team
 * first answers. Every figure is a chart, a table and a CSV (parts/charts/InsightFigure.tsx).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { formatPaise } from '../../lib/fields/money.ts';
import { FUNNEL_STAGES, type Insights, type LeadRow, type ResponseTimes } from '../../lib/insights.ts';
import { istDayToUtc, showIstDay } from '../../lib/ist.ts';
import { INSIGHTS as WORDS } from '../../lib/staff-messages.ts';
import { FORM } from '../admin-copy.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { BarChart, FigureTable } from '../parts/charts/InsightFigure.tsx';
import { createInsightsStore } from '../stores/insights-store.ts';
import './insights.css';

const day = (value: string) => showIstDay(istDayToUtc(value));
const count = (value: number) => String(value);
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthName = (month: string) =>
  MONTH.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
const minutes = (value: number | null) => (value === null ? WORDS.none : WORDS.minutes(value));

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel insight" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Leads({
  id,
  title,
  rows,
  label,
  fileName,
  describe,
}: {
  id: string;
  title: string;
  rows: readonly LeadRow[];
  label: (key: string) => string;
  fileName: string;
  describe: (top: string) => string;
}) {
  const top = rows[0];
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <p className="alert alert-info">{WORDS.noLeads}</p>
      ) : (
        <>
          <BarChart
            title={title}
            description={describe(
              top ? WORDS.most(label(top.key), top.counts.enquiry, top.previous.enquiry) : '',
            )}
            bars={rows.map((row) => ({
              label: label(row.key),
              value: row.counts.enquiry,
              previous: row.previous.enquiry,
            }))}
            format={count}
          />
          <FigureTable
            caption={title}
            fileName={fileName}
            columns={[
              id.endsWith('course') ? WORDS.course : WORDS.source,
              WORDS.leads,
              WORDS.stages.enrolled,
              WORDS.stages.paid,
              WORDS.stages.certified,
              `${WORDS.leads} (${WORDS.previousPeriod})`,
            ]}
            rows={rows.map((row) => [
              label(row.key),
              row.counts.enquiry,
              row.counts.enrolled,
              row.counts.paid,
              row.counts.certified,
              row.previous.enquiry,
            ])}
          />
        </>
      )}
    </Section>
  );
}

function Figures({ data, prefix }: { data: Insights; prefix: string }) {
  const { funnel, revenue, seats, firstResponse } = data;
  const funnelTitle = WORDS.funnel;
  const responseRow = (label: string, times: ResponseTimes) => [
    label,
    times.answered,
    minutes(times.medianMinutes),
    minutes(times.p90Minutes),
  ];
  return (
    <>
      <Leads
        id={`${prefix}-source`}
        title={WORDS.bySource}
        rows={data.leadsBySource}
        label={(key) => key}
        fileName="leads-by-source.csv"
        describe={WORDS.bySourceDesc}
      />
      <Leads
        id={`${prefix}-course`}
        title={WORDS.byCourse}
        rows={data.leadsByCourse}
        label={(key) => key || WORDS.noCourse}
        fileName="leads-by-course.csv"
        describe={WORDS.byCourseDesc}
      />
      <Section id={`${prefix}-funnel`} title={funnelTitle}>
        <BarChart
          title={funnelTitle}
          description={WORDS.funnelDesc(
            FUNNEL_STAGES.map((stage) => `${WORDS.stages[stage]} ${funnel.counts[stage]}`).join(', '),
          )}
          bars={FUNNEL_STAGES.map((stage) => ({
            label: WORDS.stages[stage],
            value: funnel.counts[stage],
            previous: funnel.previous[stage],
          }))}
          format={count}
        />
        <FigureTable
          caption={funnelTitle}
          fileName="funnel.csv"
          columns={[WORDS.stage, WORDS.thisPeriod, WORDS.previousPeriod]}
          rows={FUNNEL_STAGES.map((stage) => [
            WORDS.stages[stage],
            funnel.counts[stage],
            funnel.previous[stage],
          ])}
        />
      </Section>
      <Section id={`${prefix}-money`} title={WORDS.money}>
        <p className="insight-figure">
          {WORDS.outstanding}:{' '}
          <strong data-testid="insights-outstanding">{formatPaise(revenue.outstanding)}</strong>
        </p>
        <p className="field-hint">{WORDS.outstandingHint}</p>
        {revenue.total.received === 0 && revenue.total.refunded === 0 && revenue.previous.net === 0 ? (
          <p className="alert alert-info">{WORDS.noMoney}</p>
        ) : (
          <>
            <BarChart
              title={WORDS.money}
              description={WORDS.moneyDesc(formatPaise(revenue.total.net), formatPaise(revenue.previous.net))}
              bars={[
                ...revenue.months.map((month) => ({
                  label: monthName(month.month),
                  value: month.net,
                  previous: 0,
                })),
                { label: WORDS.total, value: revenue.total.net, previous: revenue.previous.net },
              ]}
              format={formatPaise}
            />
            <FigureTable
              caption={WORDS.money}
              fileName="money.csv"
              columns={[WORDS.month, WORDS.received, WORDS.refunded, WORDS.net]}
              rows={[
                ...revenue.months.map((month) => [
                  monthName(month.month),
                  formatPaise(month.received),
                  formatPaise(month.refunded),
                  formatPaise(month.net),
                ]),
                [
                  WORDS.total,
                  formatPaise(revenue.total.received),
                  formatPaise(revenue.total.refunded),
                  formatPaise(revenue.total.net),
                ],
                [
                  WORDS.previousPeriod,
                  formatPaise(revenue.previous.received),
                  formatPaise(revenue.previous.refunded),
                  formatPaise(revenue.previous.net),
                ],
              ]}
            />
          </>
        )}
      </Section>
      <Section id={`${prefix}-seats`} title={WORDS.seats}>
        {seats.length === 0 ? (
          <p className="alert alert-info">{WORDS.noSeats}</p>
        ) : (
          <>
            <BarChart
              title={WORDS.seats}
              description={WORDS.seatsDesc(seats.length)}
              bars={seats.map((seat) => ({
                label: `${seat.name} (${WORDS.filled(seat.enrolled, seat.capacity)})`,
                value: seat.enrolled,
                previous: 0,
              }))}
              format={count}
            />
            <FigureTable
              caption={WORDS.seats}
              fileName="seats.csv"
              columns={[
                WORDS.batch,
                WORDS.course,
                WORDS.starts,
                WORDS.daysToStart,
                WORDS.enrolled,
                WORDS.capacity,
                WORDS.waitlisted,
              ]}
              rows={seats.map((seat) => [
                seat.name,
                seat.course,
                day(seat.startDate),
                seat.daysToStart,
                seat.enrolled,
                seat.capacity,
                seat.waitlisted,
              ])}
            />
          </>
        )}
      </Section>
      <Section id={`${prefix}-response`} title={WORDS.response}>
        <p className="field-hint">{WORDS.responseHint}</p>
        <FigureTable
          caption={WORDS.response}
          fileName="first-response.csv"
          columns={['', WORDS.answered, WORDS.median, WORDS.p90]}
          rows={[
            responseRow(WORDS.thisPeriod, firstResponse),
            responseRow(WORDS.previousPeriod, firstResponse.previous),
          ]}
        />
      </Section>
    </>
  );
}

export default function InsightsScreen() {
  const store = useMemo(() => createInsightsStore(), []);
  const range = useStore(store.$range);
  const state = useStore(store.$state);
  const [asked, setAsked] = useState(range);
  const id = useId();

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.load(asked);
  };

  let body;
  if (state.status === 'loading') body = <p className="alert alert-info">{WORDS.loading}</p>;
  else if (state.status === 'error')
    body = <LoadFailed message={state.error} onRetry={() => void store.load()} />;
  else {
    const { range: shown } = state.data;
    body = (
      <>
        <p className="insight-period">
          <strong>{WORDS.period(day(shown.from), day(shown.to))}</strong>{' '}
          <span className="field-hint">
            {WORDS.comparedWith(day(shown.previousFrom), day(shown.previousTo))}
          </span>
        </p>
        <Figures data={state.data} prefix={id} />
      </>
    );
  }

  return (
    <section aria-labelledby="screen-title" className="insights">
      <h1 id="screen-title" className="screen-title">
        {WORDS.heading}
      </h1>
      <p className="field-hint">{WORDS.hint}</p>
      <form className="request-filters insight-range" onSubmit={submit}>
        <fieldset>
          <legend>{WORDS.rangeLegend}</legend>
          {(['from', 'to'] as const).map((name) => (
            <div className="field field-date" key={name}>
              <label htmlFor={`${id}-${name}`}>{WORDS[name]}</label>
              <input
                id={`${id}-${name}`}
                type="date"
                required
                value={asked[name]}
                min={name === 'to' ? asked.from : undefined}
                max={name === 'from' ? asked.to : undefined}
                onChange={(event) => setAsked({ ...asked, [name]: event.target.value })}
              />
            </div>
          ))}
          <div className="field field-action">
            <button type="submit" className="btn btn-primary btn-small" disabled={state.status === 'loading'}>
              {state.status === 'loading' ? FORM.loading : WORDS.show}
            </button>
          </div>
        </fieldset>
      </form>
      {body}
    </section>
  );
}

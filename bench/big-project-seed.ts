/**
 * The seed of bench:insights and bench:analytics-page (issue 10's size): one project of `cards`
 * cards (10,000) and ten transitions each (100,000), seeded through SQL (generate_series) into
 * the app's database: 6 members, a work-in-progress limit, chains of dependencies, an active cycle
 * of 200 cards. Card n's column, priority, due date and history follow from n, so every run seeds
 * the same project.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { db, driver, rowsOf } from "~/.server/db";

const PER_CARD = 10; // transitions per card: 100,000 in all

export async function seedBigProject(CARDS: number) {
  const t0 = performance.now();
  const [ws] = rowsOf<{ id: string; user_id: string }>(
    await db().execute(sql`
      with u as (insert into users (email, full_name, email_verified_at) values ('insights@bench.test', 'Insight Bench', now()) returning id),
      w as (insert into workspaces (name, slug) values ('Insightbench', 'insightbench') returning id)
      insert into memberships (workspace_id, user_id, role) select w.id, u.id, 'owner' from w, u returning workspace_id as id, user_id`),
  );
  const W = ws!.id;
  const U = ws!.user_id;
  // Five more members to share the work.
  await db().execute(sql`
    with u as (insert into users (email, full_name) select 'm' || g || '@bench.test', 'Member ' || g from generate_series(1, 5) g returning id)
    insert into memberships (workspace_id, user_id, role) select ${W}, id, 'member' from u`);
  const [project] = rowsOf<{ id: string }>(
    await db().execute(sql`insert into projects (workspace_id, name) values (${W}, 'Big board') returning id`),
  );
  const P = project!.id;
  await db().execute(sql`
    insert into board_columns (workspace_id, project_id, name, state_group, position, wip_limit) values
      (${W}, ${P}, 'Backlog', 'backlog', 'a0', null), (${W}, ${P}, 'To do', 'unstarted', 'a1', null),
      (${W}, ${P}, 'In progress', 'started', 'a2', 300), (${W}, ${P}, 'Review', 'started', 'a3', null),
      (${W}, ${P}, 'Done', 'completed', 'a4', null)`);
  // Cards: 60 % done, 10 % in progress, 5 % in review, 15 % to do, 10 % backlog; created over
  // 26 weeks (the newest in the last two weeks, so the duplicate search has work to do).
  await db().execute(sql`
    with cols as (select id, name from board_columns where project_id = ${P})
    insert into cards (workspace_id, project_id, column_id, number, title, priority, due_date, position, created_at, updated_at, started_at, completed_at)
    select ${W}, ${P},
      (select id from cols where name = case when g % 20 < 12 then 'Done' when g % 20 < 14 then 'In progress' when g % 20 < 15 then 'Review'
        when g % 20 < 18 then 'To do' else 'Backlog' end),
      g, 'Task ' || (g % 997) || ' ' || (array['login', 'invoice', 'export', 'billing', 'layout', 'search', 'upload', 'profile'])[1 + g % 8] || ' ' || g,
      (array['urgent', 'high', 'medium', 'low', 'none'])[1 + g % 5],
      case when g % 7 = 0 then (now() - ((g % 30) - 10) * interval '1 day')::date end,
      'a' || lpad(g::text, 8, '0'),
      now() - (182 - g * 182.0 / ${CARDS}) * interval '1 day',
      now() - (g % 20) * interval '1 day',
      now() - (g % 90 + g % 10) * interval '1 day',
      case when g % 20 < 12 then now() - (g % 90) * interval '1 day' end
    from generate_series(1, ${CARDS}) g`);
  await db().execute(sql`
    insert into card_assignees (card_id, user_id, project_id, workspace_id)
    select c.id, m.user_id, ${P}, ${W} from cards c
    join (select user_id, row_number() over (order by user_id) - 1 as k from memberships where workspace_id = ${W}) m on m.k = c.number % 6
    where c.project_id = ${P} and c.number % 3 <> 0`);
  console.log(`cards seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // 100,000 transitions: each card's path through the columns, spread over its life, ten steps
  // ending in the column it sits in; then the cards' lifecycle times as the app keeps them
  // (created, first started, last entered a completed column while it stays there).
  await db().execute(sql`
    with cols as (select id, name, state_group from board_columns where project_id = ${P}),
    paths (final, names) as (values
      ('Done', array['Backlog', 'To do', 'In progress', 'Review', 'Done', 'In progress', 'Review', 'Done', 'In progress', 'Done']),
      ('In progress', array['Backlog', 'To do', 'In progress', 'Review', 'Done', 'In progress', 'Review', 'Done', 'Review', 'In progress']),
      ('Review', array['Backlog', 'To do', 'In progress', 'Review', 'Done', 'In progress', 'Review', 'Done', 'In progress', 'Review']),
      ('To do', array['Backlog', 'To do', 'Backlog', 'To do', 'Backlog', 'To do', 'Backlog', 'To do', 'Backlog', 'To do']),
      ('Backlog', array['Backlog', 'To do', 'Backlog', 'To do', 'Backlog', 'To do', 'Backlog', 'To do', 'To do', 'Backlog'])),
    steps as (
      select c.id as card_id, c.created_at, s.k, b.id as to_id, b.state_group as to_group,
        lag(b.id) over w as from_id, lag(b.state_group) over w as from_group
      from cards c
      join cols f on f.id = c.column_id
      join paths p on p.final = f.name
      cross join generate_series(1, ${PER_CARD}) s(k)
      join cols b on b.name = p.names[s.k]
      where c.project_id = ${P}
      window w as (partition by c.id order by s.k))
    insert into card_transitions (workspace_id, project_id, card_id, from_column_id, to_column_id, from_state_group, to_state_group, at)
    select ${W}, ${P}, card_id, from_id, to_id, from_group, to_group, created_at + (k - 1) * ((now() - created_at) / ${PER_CARD + 1})
    from steps`);
  await db().execute(sql`
    update cards c set started_at = t.started, completed_at = case when b.state_group = 'completed' then t.completed end
    from (select card_id, min(at) filter (where to_state_group = 'started') as started,
            max(at) filter (where to_state_group = 'completed' and from_state_group is distinct from 'completed') as completed
          from card_transitions where project_id = ${P} group by card_id) t, board_columns b
    where c.id = t.card_id and b.id = c.column_id`);
  console.log(`transitions seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Dependencies between open cards (chains), and an active cycle of 200 cards.
  await db().execute(sql`
    insert into card_dependencies (workspace_id, project_id, blocker_card_id, blocked_card_id)
    select ${W}, ${P}, a.id, b.id from cards a join cards b on b.workspace_id = a.workspace_id and b.number = a.number + 20
    where a.project_id = ${P} and a.number % 20 >= 14 and a.number % 100 < 40`);
  const [cycle] = rowsOf<{ id: string }>(
    await db().execute(sql`insert into cycles (workspace_id, project_id, name, starts_on, ends_on)
      values (${W}, ${P}, 'Cycle 12', (now() - interval '5 days')::date, (now() + interval '9 days')::date) returning id`),
  );
  await db().execute(sql`
    insert into cycle_cards (cycle_id, card_id, workspace_id, project_id, added_at)
    select ${cycle!.id}, id, ${W}, ${P}, case when number % 5 = 0 then now() - interval '1 day' else now() - interval '5 days' end
    from cards where project_id = ${P} and number % 20 >= 12 order by number limit 200`);
  if (driver().kind === "pglite") await db().execute(sql`ANALYZE`);
  console.log(`seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const [{ n: transitions }] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from card_transitions where project_id = ${P}`),
  );
  const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  return { W, U, P, cycleId: cycle!.id, transitions, seedSeconds };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import jwt from 'jsonwebtoken';

/**
 * The usual design, for comparison: GET /baseline/stats computes the same answer as GET /api/stats
 * per request with SQL aggregates over the user's rows in `read.bets` (indexed by user). Same
 * machine, same Postgres, same HTTP client; only the read model differs.
 */
export const startAggregateBaseline = async (databaseUrl: string) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const server = createServer(async (req, res) => {
    try {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const userId = String((jwt.decode(token) as { sub?: string } | null)?.sub);
      const [totals, recent, sports] = await Promise.all([
        pool.query(
          `select count(*) filter (where outcome = 'win') as wins, count(*) filter (where outcome = 'loss') as losses,
                  coalesce(sum(profit) filter (where outcome <> 'pending'), 0) as profit,
                  coalesce(sum(stake) filter (where outcome <> 'pending'), 0) as stake,
                  count(*) filter (where date >= current_date - 30) as recent
           from read.bets where user_id = $1`,
          [userId],
        ),
        pool.query(
          `select date::text, sum(sum(profit)) over (order by date) as cumulative
           from read.bets where user_id = $1 and outcome <> 'pending' group by date order by date`,
          [userId],
        ),
        pool.query(
          `select sport, count(*) as count, sum(stake) as stake, sum(profit) as profit
           from read.bets where user_id = $1 group by sport`,
          [userId],
        ),
      ]);
      const t = totals.rows[0];
      const wins = Number(t.wins);
      const losses = Number(t.losses);
      const all = sports.rows.reduce((n, r) => n + Number(r.count), 0);
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          winRate: wins + losses ? (wins / (wins + losses)) * 100 : 0,
          totalProfit: Number(t.profit),
          roi: Number(t.stake) ? (Number(t.profit) / Number(t.stake)) * 100 : 0,
          totalBets: Number(t.recent),
          recentPerformance: recent.rows
            .filter((r) => r.date >= since)
            .map((r) => ({ date: r.date, cumulativeProfit: Number(r.cumulative) })),
          sportDistribution: sports.rows.map((r) => ({
            sport: r.sport,
            count: Number(r.count),
            stake: Number(r.stake),
            profit: Number(r.profit),
            percentage: (Number(r.count) / all) * 100,
          })),
        }),
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(JSON.stringify({ message: (error as Error).message }));
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      await pool.end();
    },
  };
};

/**
 * A crowd's shopper asks again when the shop says "busy, try again" (SYS00008), as the shop's page
 * does by a tap: on a loaded two-core machine, 500 buyers at once can wait longer than the pool's
 * 5 s for a connection, and that refusal happens before anything is written. What the crowd tests
 * hold (exactly the stock sold, never below zero, one order per finish) is unchanged by asking again:
 * a finish is idempotent per preorder.
 */
export async function askUntilAnswered<T extends { body: { code: string } }>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await ask();
    if (answer.body.code !== 'SYS00008' || attempt === 5) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

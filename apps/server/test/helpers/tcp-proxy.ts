import net from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL), which a test can cut as an
 * outage would: every connection through it is reset, and new ones are reset
 * as they come, until it is restored.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("error", () => {});
      socket.once("close", () => {
        open.delete(socket);
        (socket === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** The server goes away: what is open is reset, and so is whatever connects until restore(). */
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

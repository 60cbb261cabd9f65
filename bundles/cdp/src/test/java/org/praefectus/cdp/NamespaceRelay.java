package org.praefectus.cdp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * What an attacker on this machine could run: a listener on {@code 127.0.0.1:PORT} in this network namespace that
 * relays every connection into another namespace's {@code 127.0.0.1:PORT} ({@code nsenter --net}), keeping a copy of
 * everything sent through it.
 */
final class NamespaceRelay implements AutoCloseable {

    private final ServerSocket server;
    private final long namespaceOwner;
    private final int port;
    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();
    private final List<Process> relays = new ArrayList<>();
    private final Thread acceptor;

    NamespaceRelay(int port, long namespaceOwner) throws IOException {
        this.port = port;
        this.namespaceOwner = namespaceOwner;
        this.server = new ServerSocket(port, 50, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        this.acceptor = new Thread(this::accept, "namespace-relay");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Process relay = new ProcessBuilder(
                                "nsenter",
                                "--net=/proc/" + namespaceOwner + "/ns/net",
                                "bash",
                                "-c",
                                "exec 3<>/dev/tcp/127.0.0.1/" + port + "; cat <&3 & exec cat >&3")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                synchronized (relays) {
                    relays.add(relay);
                }
                pump(client.getInputStream(), relay.getOutputStream(), true);
                pump(relay.getInputStream(), client.getOutputStream(), false);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean record) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (in;
                    out) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    if (record) {
                        synchronized (seen) {
                            seen.write(buffer, 0, n);
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException closed) {
                // either side went away
            }
        });
        thread.setDaemon(true);
        thread.start();
    }

    /** Everything clients sent towards the browser so far. */
    String seen() {
        synchronized (seen) {
            return seen.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        synchronized (relays) {
            relays.forEach(Process::destroyForcibly);
        }
    }
}

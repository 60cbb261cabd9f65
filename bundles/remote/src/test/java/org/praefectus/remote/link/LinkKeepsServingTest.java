package org.praefectus.remote.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceException;
import org.praefectus.remote.ConnectionFailures;

/**
 * Issue #40 defect 1, on real loopback sockets: Aries RSA 1.16.1's TCP server stopped accepting for good
 * after a handful of client resets or calls abandoned while it was stalled. The link serves on after any
 * number of both, keeps one connection for consecutive calls, and never hands a late answer to the next
 * call.
 */
class LinkKeepsServingTest {

    /** A service shaped like the remote executor: strings and longs in, a string out. */
    public interface Echo {
        String echo(String text, long number);

        String slow(String text);

        String fail(String text);
    }

    private static final class Served implements Echo {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public String echo(String text, long number) {
            calls.incrementAndGet();
            return text + ":" + number;
        }

        @Override
        public String slow(String text) {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "late " + text;
        }

        @Override
        public String fail(String text) {
            throw new IllegalStateException("the message stays on the served side: " + text);
        }
    }

    private static Echo client(LinkServer server, int timeoutMs) {
        return (Echo) Proxy.newProxyInstance(
                Echo.class.getClassLoader(),
                new Class<?>[] {Echo.class},
                new LinkClient(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()), timeoutMs));
    }

    private static LinkServer serve(Echo service) throws IOException {
        return new LinkServer(0, service, LinkFrames.methods(Echo.class));
    }

    @Test
    void serversOnAfterManyResetConnections() throws IOException {
        Served served = new Served();
        try (LinkServer server = serve(served)) {
            Echo echo = client(server, 10_000);
            assertEquals("a:1", echo.echo("a", 1));
            // many more resets than Aries RSA had worker threads (10), half of them inside a frame
            for (int i = 0; i < 50; i++) {
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                    if (i % 2 == 0) {
                        OutputStream out = socket.getOutputStream();
                        out.write(new byte[] {0, 0, 0, 4, 'e'});
                        out.flush();
                    }
                    socket.setSoLinger(true, 0);
                }
            }
            for (int i = 0; i < 20; i++) {
                assertEquals("b:" + i, echo.echo("b", i));
            }
            assertEquals(21, served.calls.get());
        }
    }

    @Test
    void aCallAbandonedByItsClientNeitherStopsTheServerNorReachesTheNextCall() throws IOException {
        Served served = new Served();
        try (LinkServer server = serve(served)) {
            Echo echo = client(server, 300);
            ServiceException timedOut = assertThrows(ServiceException.class, () -> echo.slow("x"));
            assertInstanceOf(SocketTimeoutException.class, timedOut.getCause());
            // the call may have reached the served side: not a "never connected" failure
            assertFalse(ConnectionFailures.neverConnected(timedOut));
            // the served side answers the abandoned call into a connection its client closed
            served.release.countDown();
            for (int i = 0; i < 10; i++) {
                assertEquals("c:" + i, echo.echo("c", i));
            }
        }
    }

    @Test
    void aServedMethodThatThrowsIsAFailureOfThatCallOnly() throws IOException {
        try (LinkServer server = serve(new Served())) {
            Echo echo = client(server, 10_000);
            ServiceException failed = assertThrows(ServiceException.class, () -> echo.fail("secret"));
            assertEquals(ServiceException.REMOTE, failed.getType());
            assertTrue(failed.getMessage().contains(IllegalStateException.class.getName()), failed.getMessage());
            assertFalse(failed.getMessage().contains("secret"), failed.getMessage());
            assertEquals("h:1", echo.echo("h", 1));
        }
    }

    @Test
    void consecutiveCallsShareOneConnection() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        Served served = new Served();
        try (LinkServer server = serve(served)) {
            // a counting relay in front of the server sees every connection the client opens
            try (ServerSocket relay = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
                Thread relaying = new Thread(() -> relay(relay, server.port(), accepted));
                relaying.setDaemon(true);
                relaying.start();
                Echo echo = (Echo) Proxy.newProxyInstance(
                        Echo.class.getClassLoader(),
                        new Class<?>[] {Echo.class},
                        new LinkClient(
                                new InetSocketAddress(InetAddress.getLoopbackAddress(), relay.getLocalPort()), 10_000));
                for (int i = 0; i < 50; i++) {
                    assertEquals("d:" + i, echo.echo("d", i));
                }
            }
        }
        assertEquals(1, accepted.get());
    }

    private static void relay(ServerSocket relay, int port, AtomicInteger accepted) {
        try {
            while (true) {
                Socket inbound = relay.accept();
                accepted.incrementAndGet();
                Socket outbound = new Socket(InetAddress.getLoopbackAddress(), port);
                pipe(inbound, outbound);
                pipe(outbound, inbound);
            }
        } catch (IOException e) {
            // the relay closed
        }
    }

    private static void pipe(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            try {
                from.getInputStream().transferTo(to.getOutputStream());
            } catch (IOException e) {
                // either side closed
            }
        });
        thread.setDaemon(true);
        thread.start();
    }

    @Test
    void aConnectionTheServerClosedIsNotReused() throws IOException {
        Served served = new Served();
        LinkServer first = serve(served);
        int port = first.port();
        Echo echo = client(first, 10_000);
        assertEquals("e:1", echo.echo("e", 1));
        first.close();
        try (LinkServer second = new LinkServer(port, served, LinkFrames.methods(Echo.class))) {
            // the idle connection to the first server reads as closed and is dropped before the call
            assertEquals("e:2", echo.echo("e", 2));
        }
    }

    @Test
    void aRefusedConnectionIsSeenAsNeverConnected() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Echo echo = (Echo) Proxy.newProxyInstance(
                Echo.class.getClassLoader(),
                new Class<?>[] {Echo.class},
                new LinkClient(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000));
        ServiceException refused = assertThrows(ServiceException.class, () -> echo.echo("f", 1));
        assertInstanceOf(ConnectException.class, refused.getCause());
        assertTrue(ConnectionFailures.neverConnected(refused));
    }

    @Test
    void aConnectionThatTimesOutBeforeItIsMadeIsSeenAsNeverConnected() throws IOException {
        // a full listen queue drops the SYN, as a blackhole does: the connection never exists, no call was sent
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), full.getLocalPort());
            java.util.List<Socket> queued = new java.util.ArrayList<>();
            try {
                boolean dropped = false;
                for (int i = 0; i < 20 && !dropped; i++) {
                    Socket socket = new Socket();
                    try {
                        socket.connect(address, 300);
                        queued.add(socket);
                    } catch (SocketTimeoutException e) {
                        socket.close();
                        dropped = true;
                    }
                }
                assertTrue(dropped, "the listen queue never filled");
                Echo echo = (Echo) Proxy.newProxyInstance(
                        Echo.class.getClassLoader(), new Class<?>[] {Echo.class}, new LinkClient(address, 300));
                ServiceException timedOut = assertThrows(ServiceException.class, () -> echo.echo("h", 1));
                assertTrue(
                        ConnectionFailures.neverConnected(timedOut),
                        timedOut.getCause().toString());
            } finally {
                for (Socket socket : queued) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void aHostThatListensButDoesNotServeFailsTheCall() throws IOException {
        // the state Aries RSA's server was left in: the port accepts into its queue, nobody answers
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Echo echo = (Echo) Proxy.newProxyInstance(
                    Echo.class.getClassLoader(),
                    new Class<?>[] {Echo.class},
                    new LinkClient(
                            new InetSocketAddress(InetAddress.getLoopbackAddress(), silent.getLocalPort()), 300));
            ServiceException failed = assertThrows(ServiceException.class, () -> echo.echo("g", 1));
            assertInstanceOf(SocketTimeoutException.class, failed.getCause());
        }
    }

    /** A service a link cannot carry: an object argument. */
    public interface Wide {
        String call(Object value);
    }

    @Test
    void anExportRefusesWhatALinkCannotCarry() {
        assertThrows(IllegalArgumentException.class, () -> LinkFrames.methods(Wide.class));
    }
}

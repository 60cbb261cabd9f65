package org.praefectus.remote;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceException;

/** Real sockets on loopback: a refused connection proves the call never left; a connection lost after it may not. */
class ConnectionFailuresTest {

    @Test
    void aRefusedConnectionNeverReachedTheRemoteSide() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        IOException refused = assertThrows(IOException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port));
        // wrapped as the distribution provider reports it
        assertTrue(ConnectionFailures.neverConnected(
                new ServiceException("Error calling", ServiceException.REMOTE, refused)));
    }

    @Test
    void aConnectionClosedAfterTheCallMayHaveReachedIt() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
            client.getOutputStream().write(1);
            server.accept().close();
            InputStream in = client.getInputStream();
            IOException lost = assertThrows(IOException.class, () -> {
                if (in.read() == -1) {
                    throw new java.io.EOFException("end of stream");
                }
            });
            assertFalse(ConnectionFailures.neverConnected(
                    new ServiceException("Error calling", ServiceException.REMOTE, lost)));
        }
    }
}

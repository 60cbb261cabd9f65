package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ConnectionPeersTest {

    private final List<Integer> lookedUp = new ArrayList<>();
    private final ConnectionPeers peers = new ConnectionPeers((serverPort, peerPort) -> {
        lookedUp.add(peerPort);
        return OptionalInt.of(1000 + peerPort);
    });

    @Test
    void theSocketTableIsReadOncePerConnection() {
        for (int i = 0; i < 5; i++) {
            assertEquals(OptionalInt.of(1040), peers.uid("c1", 8080, 40));
        }
        assertEquals(List.of(40), lookedUp);
    }

    @Test
    void aLaterConnectionOnTheSamePortIsLookedUpAgain() {
        peers.uid("127.0.0.1:40@a#1", 8080, 40);
        assertEquals(OptionalInt.of(1040), peers.uid("127.0.0.1:40@b#2", 8080, 40));
        assertEquals(List.of(40, 40), lookedUp);
    }

    @Test
    void aRequestWithoutAConnectionIdIsLookedUpEveryTime() {
        peers.uid(null, 8080, 41);
        peers.uid(null, 8080, 41);
        assertEquals(List.of(41, 41), lookedUp);
    }

    @Test
    void theLeastRecentlyUsedConnectionsAreForgottenBeyondTheCapacity() {
        peers.uid("kept", 8080, 1);
        for (int i = 0; i < ConnectionPeers.CAPACITY; i++) {
            peers.uid("c" + i, 8080, 2);
            peers.uid("kept", 8080, 1);
        }
        peers.uid("c0", 8080, 3);
        assertEquals(1, lookedUp.stream().filter(p -> p == 1).count(), "the connection in use stays cached");
        assertEquals(OptionalInt.of(1003), peers.uid("c0", 8080, 3), "c0 was forgotten and read again");
    }
}

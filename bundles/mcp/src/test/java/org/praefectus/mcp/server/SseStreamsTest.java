package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Resumable SSE streams (SEP-1699): the priming event, ids per message, delivery that survives a lost client,
 * replay after a {@code Last-Event-ID} and the end of a request's stream at its answer; a position of another
 * session, from the future or of evicted events is not resumable.
 */
class SseStreamsTest {

    /** A client connection: what it received, whether it was ended, and whether it is gone. */
    private static final class Client implements SseStream.Sink {
        final List<String> events = new ArrayList<>();
        boolean ended;
        boolean gone;

        @Override
        public void send(String event) throws IOException {
            if (gone) {
                throw new IOException("gone");
            }
            events.add(event);
        }

        @Override
        public void end() {
            ended = true;
        }

        /** A response not yet committed takes a whole answer, when {@code takesWhole}. */
        boolean takesWhole;

        final List<String> wholeAnswers = new ArrayList<>();

        @Override
        public boolean whole(String json) throws IOException {
            if (gone) {
                throw new IOException("gone");
            }
            if (takesWhole) {
                wholeAnswers.add(json);
            }
            return takesWhole;
        }

        String lastId() {
            String event = events.get(events.size() - 1);
            return event.substring(4, event.indexOf('\n'));
        }
    }

    private static final Predicate<String> ANSWER_TO_7 =
            JsonRpcAnswers.to("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\"}");

    @Test
    void aStreamIsPrimedNumberedAndResumedAfterTheClientWasLost() {
        SseStreams streams = new SseStreams();
        Client first = new Client();
        SseStream stream = streams.open("session-a", ANSWER_TO_7, first);
        assertEquals(List.of("id: " + stream.id() + ":0\nretry: 1000\ndata: \n\n"), first.events);

        stream.message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}");
        String primingId = stream.id() + ":0";
        assertEquals(stream.id() + ":1", first.lastId());
        first.gone = true;
        stream.message("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"elicitation/create\"}");
        stream.message("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"ok\":true}}");
        assertTrue(stream.ended(), "the answer to request 7 ends its stream, connected or not");

        Client again = new Client();
        assertTrue(streams.position("session-a", primingId).orElseThrow().resume(again));
        assertEquals(3, again.events.size());
        assertTrue(again.events.get(2).endsWith("data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"ok\":true}}\n\n"));
        assertEquals(stream.id() + ":3", again.lastId());
        assertTrue(again.ended, "a resumed stream that already ended is ended after the replay");

        Client late = new Client();
        assertTrue(
                streams.position("session-a", stream.id() + ":2").orElseThrow().resume(late));
        assertEquals(1, late.events.size(), "only what came after the position");
    }

    @Test
    void aResumedLiveStreamGetsWhatComesNextAndEndsAtTheAnswer() {
        SseStreams streams = new SseStreams();
        Client first = new Client();
        SseStream stream = streams.open("s", ANSWER_TO_7, first);
        first.gone = true;
        Client again = new Client();
        assertTrue(streams.position("s", stream.id() + ":0").orElseThrow().resume(again));
        assertTrue(again.events.isEmpty());
        assertFalse(again.ended);
        stream.message("{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}");
        assertFalse(again.ended, "another request's answer does not end this stream");
        stream.message("{\"id\":7,\"jsonrpc\":\"2.0\",\"error\":{\"code\":-1,\"message\":\"m\"}}");
        assertEquals(2, again.events.size());
        assertTrue(again.ended);
    }

    @Test
    void positionsOfAnotherSessionFromTheFutureOrOfEvictedEventsAreNotResumable() {
        SseStreams streams = new SseStreams();
        SseStream stream = streams.open("mine", JsonRpcAnswers.NONE, new Client());
        assertTrue(streams.position("mine", stream.id() + ":0").isPresent());
        assertTrue(streams.position("theirs", stream.id() + ":0").isEmpty(), "a session resumes only its own streams");
        assertTrue(streams.position("mine", stream.id() + ":1").isEmpty(), "no event 1 yet");
        assertTrue(streams.position("mine", "unknown:0").isEmpty());
        assertTrue(streams.position("mine", stream.id() + ":x").isEmpty());
        for (int i = 0; i < SseStream.MAX_EVENTS + 10; i++) {
            stream.message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}");
        }
        assertTrue(streams.position("mine", stream.id() + ":0").isEmpty(), "the first events are no longer kept");
        assertTrue(streams.position("mine", stream.id() + ":" + (SseStream.MAX_EVENTS + 5))
                .isPresent());
        streams.ended("mine");
        assertTrue(streams.position("mine", stream.id() + ":" + (SseStream.MAX_EVENTS + 5))
                .isEmpty());
    }

    @Test
    void theAnswerIsTheResponseWithTheRequestsIdAndNothingElse() {
        assertTrue(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[{\"id\":8}]}}"));
        assertFalse(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"result\":{}}"), "a string id is another id");
        assertFalse(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"elicitation/create\"}"), "a request");
        assertFalse(ANSWER_TO_7.test("not json"));
        assertFalse(JsonRpcAnswers.to("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .test("{\"jsonrpc\":\"2.0\",\"result\":{}}"));
    }

    @Test
    void theAnswerIsKnownFromItsIdAndKindWhateverFollows() {
        assertTrue(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32602}}"));
        assertTrue(ANSWER_TO_7.test("{\"result\":{\"a\":[1,2]},\"jsonrpc\":\"2.0\",\"id\":7}"), "any order");
        assertFalse(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}"), "another request's answer");
        assertFalse(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"id\":7}"));
        assertFalse(ANSWER_TO_7.test("{\"jsonrpc\":\"2.0\",\"id\":7}"), "neither result nor error");
    }

    @Test
    void theSdksEventsAreReadWhicheverWayTheirTextIsCutIntoWrites() {
        String first = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}";
        String answer = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"text\":\"" + "x".repeat(5_000) + "\"}}";
        String sse = "event: message\ndata: " + first + "\n\nevent: message\ndata:" + answer + "\n\n";
        for (int cut : new int[] {1, 2, 7, 64, 4_096, sse.length()}) {
            Client client = new Client();
            SseStream stream = new SseStreams().open("s", ANSWER_TO_7, client);
            ResumableResponse.EventReader reader = new ResumableResponse.EventReader(stream);
            for (int at = 0; at < sse.length(); at += cut) {
                char[] chunk =
                        sse.substring(at, Math.min(sse.length(), at + cut)).toCharArray();
                reader.write(chunk, 0, chunk.length);
            }
            assertEquals(3, client.events.size(), "priming, progress and answer, cut every " + cut);
            assertTrue(client.events.get(1).endsWith("\ndata: " + first + "\n\n"), client.events.get(1));
            assertTrue(client.events.get(2).endsWith("\ndata: " + answer + "\n\n"), "cut every " + cut);
            assertTrue(client.ended, "the answer ends the stream");
        }
    }

    @Test
    void anEventWithoutDataIsNoMessageAndDataWithoutASpaceIsRead() {
        Client client = new Client();
        SseStream stream = new SseStreams().open("s", JsonRpcAnswers.NONE, client);
        ResumableResponse.EventReader reader = new ResumableResponse.EventReader(stream);
        char[] events = ": comment only\n\nid: 4\nevent: message\ndata:{\"a\":1}\n\n".toCharArray();
        reader.write(events, 0, events.length);
        assertEquals(2, client.events.size(), "the priming event and one message");
        assertTrue(client.events.get(1).endsWith("\ndata: {\"a\":1}\n\n"), client.events.get(1));
    }

    private static final String ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"ok\":true}}";
    private static final String LOG =
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"debug\"}}";

    /** An executor that runs the release only when the test says the hold is over. */
    private static final class Hold implements java.util.concurrent.Executor {
        Runnable release;

        @Override
        public void execute(Runnable command) {
            release = command;
        }
    }

    @Test
    void aHeldPostWhoseFirstMessageIsItsAnswerIsOneJsonBodyAndNoStream() {
        SseStreams streams = new SseStreams();
        Client client = new Client();
        client.takesWhole = true;
        Hold hold = new Hold();
        SseStream stream = streams.openHeld("s", ANSWER_TO_7, client, hold);
        assertEquals(List.of(), client.events, "nothing is written before the first message");

        stream.message(ANSWER);
        hold.release.run(); // the hold ends after the answer: nothing more happens

        assertEquals(List.of(ANSWER), client.wholeAnswers);
        assertEquals(List.of(), client.events, "no priming event, no event");
        assertTrue(stream.answeredWhole());
        assertTrue(streams.position("s", stream.id() + ":0").isEmpty(), "no stream was opened, none is kept");
    }

    @Test
    void aHeldPostWhoseFirstMessageIsANotificationBecomesAPrimedResumableStream() {
        SseStreams streams = new SseStreams();
        Client client = new Client();
        client.takesWhole = true;
        SseStream stream = streams.openHeld("s", ANSWER_TO_7, client, new Hold());

        stream.message(LOG);
        stream.message(ANSWER);

        assertEquals(List.of(), client.wholeAnswers, "the answer came second: it is an event of the stream");
        assertEquals(3, client.events.size(), client.events.toString());
        assertEquals("id: " + stream.id() + ":0\nretry: 1000\ndata: \n\n", client.events.get(0));
        assertTrue(client.events.get(2).endsWith("data: " + ANSWER + "\n\n"));
        assertTrue(client.ended);
        assertFalse(stream.answeredWhole());
        assertTrue(streams.position("s", stream.id() + ":0").isPresent(), "the stream is kept for a reconnect");
    }

    @Test
    void aHeldPostWithoutAMessageWithinTheHoldIsPrimedThenAnsweredOnItsStream() {
        SseStreams streams = new SseStreams();
        Client client = new Client();
        client.takesWhole = true;
        Hold hold = new Hold();
        SseStream stream = streams.openHeld("s", ANSWER_TO_7, client, hold);

        hold.release.run();
        assertEquals(List.of("id: " + stream.id() + ":0\nretry: 1000\ndata: \n\n"), client.events);
        stream.message(ANSWER);

        assertEquals(List.of(), client.wholeAnswers);
        assertEquals(2, client.events.size());
        assertTrue(streams.position("s", stream.id() + ":0").isPresent());
    }

    @Test
    void aCommittedResponseTakesTheAnswerAsAnEventOfAPrimedStream() {
        SseStreams streams = new SseStreams();
        Client client = new Client(); // takesWhole false: the response was committed
        SseStream stream = streams.openHeld("s", ANSWER_TO_7, client, new Hold());

        stream.message(ANSWER);

        assertEquals(2, client.events.size(), "priming event and answer");
        assertTrue(client.events.get(1).endsWith("data: " + ANSWER + "\n\n"));
        assertTrue(client.ended);
    }
}

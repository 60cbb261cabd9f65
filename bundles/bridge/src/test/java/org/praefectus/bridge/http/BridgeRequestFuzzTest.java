package org.praefectus.bridge.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.praefectus.bridge.run.ApiException;
import org.praefectus.bridge.run.CreateRunRequest;
import org.praefectus.bridge.run.RunLimits;

/**
 * Whatever reaches the loopback port from a container: for any {@code POST /runs} body the reader either returns
 * a request the run manager can take or refuses it with a 400 {@code validation_error} {@link ApiException};
 * for any query string the guard and the events route either read their parameters or refuse them with the
 * contract's 400 or 401. Any other exception (which the servlet answers with a 500) is a finding.
 */
class BridgeRequestFuzzTest {

    // the servlet's mapper, as BridgeServlet configures it
    private static final CreateRunReader READER = new CreateRunReader(
            new ObjectMapper()
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS),
            RunLimits.DEFAULTS);

    @FuzzTest
    void createRun(byte[] body) {
        CreateRunReader.Parsed parsed;
        try {
            parsed = READER.read(body);
        } catch (ApiException e) {
            requireRefusal(e, 400, "validation_error");
            return;
        }
        CreateRunRequest request = parsed.request();
        if (request.executor() == null
                || request.pathMapping() == null
                || request.pathMapping().targetWorkdir() == null
                || request.taskSpec() == null
                || request.taskSpec().instructions() == null
                || request.taskSpec().approvalPolicy() == null
                || request.timeoutSeconds() < 1
                || request.timeoutSeconds() > RunLimits.DEFAULTS.maxTimeoutSeconds()) {
            throw new IllegalStateException("a request without a required field passed: " + request);
        }
    }

    @FuzzTest
    void query(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        try {
            RequestGuard.refuseQueryCredentials(text);
        } catch (ApiException e) {
            if (e.httpStatus() != 401) {
                requireRefusal(e, 400, "validation_error");
            }
        }
        try {
            if (EventsQuery.afterSeq(text, null) < 0 || EventsQuery.afterSeq(null, text) < 0) {
                throw new IllegalStateException("after_seq below 0 passed");
            }
        } catch (ApiException e) {
            requireRefusal(e, 400, "validation_error");
        }
        try {
            int limit = EventsQuery.limit(text);
            if (limit < 1 || limit > BridgeServlet.MAX_EVENTS_PER_PAGE) {
                throw new IllegalStateException("limit out of range passed: " + limit);
            }
        } catch (ApiException e) {
            requireRefusal(e, 400, "validation_error");
        }
    }

    private static void requireRefusal(ApiException e, int status, String code) {
        if (e.httpStatus() != status || !code.equals(e.code())) {
            throw new IllegalStateException("not the contract's refusal: " + e.httpStatus() + " " + e.code(), e);
        }
    }
}

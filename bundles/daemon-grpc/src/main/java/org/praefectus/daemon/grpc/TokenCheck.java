package org.praefectus.daemon.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * PeekabooX's shared token: a call without {@code x-peekaboox-token} metadata equal to the daemon's token is
 * closed {@code UNAUTHENTICATED} before it reaches a method. Compared in constant time; never logged.
 */
final class TokenCheck implements ServerInterceptor {

    static final Metadata.Key<String> TOKEN = Metadata.Key.of("x-peekaboox-token", Metadata.ASCII_STRING_MARSHALLER);

    private final byte[] expected;

    TokenCheck(String token) {
        this.expected = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String presented = headers.get(TOKEN);
        if (presented == null || !MessageDigest.isEqual(expected, presented.getBytes(StandardCharsets.UTF_8))) {
            call.close(Status.UNAUTHENTICATED.withDescription("a valid x-peekaboox-token is required"), new Metadata());
            return new ServerCall.Listener<>() {};
        }
        return next.startCall(call, headers);
    }
}

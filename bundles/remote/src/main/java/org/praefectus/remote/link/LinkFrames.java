package org.praefectus.remote.link;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The frames of one call on a link: a request (method name, then each argument tagged as a string, a
 * long or null) and an answer (a string, or the name of the failure the served method threw). Only
 * strings and longs travel, so nothing is deserialized into objects: a frame that is not one of these is
 * a corrupt stream and ends the connection.
 */
final class LinkFrames {

    /** The largest string a frame carries (an observation of a large tree is a few MiB). */
    static final int MAX_STRING_BYTES = 64 << 20;

    private static final byte STRING = 'S';
    private static final byte LONG = 'J';
    private static final byte NULL = 'N';
    private static final byte VALUE = 'V';
    private static final byte FAILURE = 'F';

    private LinkFrames() {}

    /** A request as it arrived. */
    record Request(String method, Object[] arguments) {}

    /** An answer as it arrived: a value, or the failure's type name. */
    record Answer(String value, String failure) {}

    /**
     * The methods of these interfaces by name. A method a link cannot carry (an overload, a parameter
     * other than {@code String} or {@code long}, a result other than {@code String}) refuses the export.
     */
    static Map<String, Method> methods(Class<?>... interfaces) {
        Map<String, Method> methods = new HashMap<>();
        for (Class<?> type : interfaces) {
            for (Method method : type.getMethods()) {
                if (method.isDefault() || java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                for (Class<?> parameter : method.getParameterTypes()) {
                    if (parameter != String.class && parameter != long.class) {
                        throw new IllegalArgumentException("a link carries strings and longs only: " + method);
                    }
                }
                if (method.getReturnType() != String.class) {
                    throw new IllegalArgumentException("a link answers strings only: " + method);
                }
                Method other = methods.putIfAbsent(method.getName(), method);
                if (other != null && !other.equals(method)) {
                    throw new IllegalArgumentException("a link cannot tell overloads apart: " + method);
                }
            }
        }
        return Map.copyOf(methods);
    }

    static void writeRequest(DataOutputStream out, String method, Object[] arguments) throws IOException {
        writeString(out, method);
        Object[] args = arguments == null ? new Object[0] : arguments;
        out.writeByte(args.length);
        for (Object argument : args) {
            if (argument == null) {
                out.writeByte(NULL);
            } else if (argument instanceof String text) {
                out.writeByte(STRING);
                writeString(out, text);
            } else if (argument instanceof Long number) {
                out.writeByte(LONG);
                out.writeLong(number);
            } else {
                throw new IllegalArgumentException("a link carries strings and longs only");
            }
        }
        out.flush();
    }

    /** The next request, or null at a clean end of stream between requests. */
    static Request readRequest(DataInputStream in) throws IOException {
        int first = in.read();
        if (first == -1) {
            return null;
        }
        String method = readString(in, first);
        Object[] arguments = new Object[in.readUnsignedByte()];
        for (int i = 0; i < arguments.length; i++) {
            byte tag = in.readByte();
            arguments[i] = switch (tag) {
                case NULL -> null;
                case STRING -> readString(in, in.read());
                case LONG -> in.readLong();
                default -> throw new StreamCorruptedException("unknown argument tag");
            };
        }
        return new Request(method, arguments);
    }

    static void writeValue(DataOutputStream out, String value) throws IOException {
        out.writeByte(VALUE);
        if (value == null) {
            out.writeByte(NULL);
        } else {
            out.writeByte(STRING);
            writeString(out, value);
        }
        out.flush();
    }

    static void writeFailure(DataOutputStream out, String failureType) throws IOException {
        out.writeByte(FAILURE);
        writeString(out, failureType);
        out.flush();
    }

    static Answer readAnswer(DataInputStream in) throws IOException {
        byte kind = in.readByte();
        if (kind == FAILURE) {
            return new Answer(null, readString(in, in.read()));
        }
        if (kind != VALUE) {
            throw new StreamCorruptedException("unknown answer");
        }
        byte tag = in.readByte();
        if (tag == NULL) {
            return new Answer(null, null);
        }
        if (tag != STRING) {
            throw new StreamCorruptedException("unknown answer value");
        }
        return new Answer(readString(in, in.read()), null);
    }

    private static void writeString(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_STRING_BYTES) {
            throw new IOException("string exceeds the link's bound of " + MAX_STRING_BYTES + " bytes");
        }
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /** A string whose length's first byte was already read (so a clean end of stream is seen before it). */
    private static String readString(DataInputStream in, int firstLengthByte) throws IOException {
        if (firstLengthByte == -1) {
            throw new EOFException();
        }
        int length = (firstLengthByte << 24)
                | (in.readUnsignedByte() << 16)
                | (in.readUnsignedByte() << 8)
                | in.readUnsignedByte();
        if (length < 0 || length > MAX_STRING_BYTES) {
            throw new StreamCorruptedException("string length out of bounds");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}

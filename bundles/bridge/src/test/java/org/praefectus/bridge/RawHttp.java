package org.praefectus.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** One HTTP/1.1 exchange over a raw loopback socket: any bytes out, status, type and body back. */
final class RawHttp {

    record Answer(int status, String contentType, String body, String raw) {
        @Override
        public String toString() {
            return raw.length() > 2000 ? raw.substring(0, 2000) + "…" : raw;
        }
    }

    private RawHttp() {}

    @SuppressWarnings("AddressSelection") // "127.0.0.1" is a literal: no lookup, the one address the bridge binds
    static Answer exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request.getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (SocketException closedEarly) {
                // the server may answer and close before the whole (oversized) request is written
            }
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    read.write(buf, 0, n);
                }
            } catch (SocketException reset) {
                // a reset after the answer: what was read is the answer
            }
            String raw = read.toString(StandardCharsets.UTF_8);
            int headEnd = raw.indexOf("\r\n\r\n");
            if (!raw.startsWith("HTTP/1.1 ") || headEnd < 0) {
                return new Answer(-1, "", "", raw);
            }
            String type = "";
            for (String line : raw.substring(0, headEnd).split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-type:")) {
                    type = line.substring(13).trim();
                }
            }
            return new Answer(Integer.parseInt(raw.substring(9, 12)), type, raw.substring(headEnd + 4), raw);
        }
    }
}

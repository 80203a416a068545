package dev.fairbench.loadgen;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** Encodes the requests of a {@link LoadSpec} once, before the run, so the hot path only copies bytes. */
final class RequestEncoder {
    private RequestEncoder() {
    }

    /** One complete HTTP/1.1 request per path of {@link LoadSpec#effectivePaths()}, in that order. */
    static byte[][] encode(LoadSpec spec) {
        List<String> paths = spec.effectivePaths();
        byte[][] requests = new byte[paths.size()][];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = encode(spec, paths.get(i));
        }
        return requests;
    }

    static byte[] encode(LoadSpec spec, String path) {
        StringBuilder head = new StringBuilder(128);
        head.append(spec.method()).append(' ').append(path).append(" HTTP/1.1\r\n");
        boolean hasHost = false;
        boolean hasLength = false;
        for (String header : spec.headers()) {
            String name = header.substring(0, header.indexOf(':')).trim().toLowerCase(Locale.ROOT);
            hasHost |= name.equals("host");
            hasLength |= name.equals("content-length");
        }
        if (!hasHost) {
            String host = spec.target().getHost();
            head.append("Host: ").append(host);
            if (spec.target().getPort() >= 0) {
                head.append(':').append(spec.target().getPort());
            }
            head.append("\r\n");
        }
        for (String header : spec.headers()) {
            head.append(header).append("\r\n");
        }
        byte[] body = spec.body();
        if (body != null && !hasLength) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + (body == null ? 0 : body.length));
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }
}

package dev.fairbench.workload.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A deliberately small blocking HTTP/1.1 client for the conformance gate: one keep-alive connection, one request at
 * a time, and the raw framing headers kept, which {@code java.net.http} hides. Not thread-safe.
 */
final class HttpExchange implements AutoCloseable {

    /** A parsed response; header names are lower-cased, {@code framing} is "content-length" or "chunked". */
    record Response(int status, Map<String, String> headers, String framing, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    HttpExchange(String host, int port, int timeoutMillis) {
        this.host = host;
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    Response send(String method, String path, byte[] body) throws IOException {
        if (socket == null || socket.isClosed()) open();
        StringBuilder head = new StringBuilder(128);
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                .append("\r\nAccept-Encoding: gzip, deflate, br\r\n");
        if (body != null) {
            head.append("Content-Type: application/octet-stream\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        try {
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            if (body != null) out.write(body);
            out.flush();
        } catch (IOException e) {
            // A server may answer 413 and close before reading a large body: read what it said.
        }
        Response response = read();
        String connection = response.header("connection");
        if (connection != null && connection.equalsIgnoreCase("close")) close();
        return response;
    }

    private void open() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), timeoutMillis);
        socket.setSoTimeout(timeoutMillis);
        in = new java.io.BufferedInputStream(socket.getInputStream(), 65_536);
        out = new java.io.BufferedOutputStream(socket.getOutputStream(), 65_536);
    }

    private Response read() throws IOException {
        String statusLine = line();
        if (statusLine == null) throw new IOException("connection closed before a response");
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("bad status line: " + statusLine);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0) headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        String te = headers.get("transfer-encoding");
        String cl = headers.get("content-length");
        byte[] body;
        String framing;
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            framing = "chunked";
            body = chunked();
        } else if (cl != null) {
            framing = "content-length";
            body = in.readNBytes(Integer.parseInt(cl));
        } else {
            framing = "none";
            body = in.readAllBytes();
            close();
        }
        return new Response(status, headers, framing, body);
    }

    private byte[] chunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line();
            if (sizeLine == null) throw new IOException("connection closed inside a chunked body");
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim(), 16);
            if (size == 0) {
                while (true) {
                    String trailer = line();
                    if (trailer == null || trailer.isEmpty()) return body.toByteArray();
                }
            }
            body.write(in.readNBytes(size));
            line();
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(64);
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                byte[] bytes = buf.toByteArray();
                int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
            }
            buf.write(b);
        }
        return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a socket we no longer use
            }
            socket = null;
        }
    }
}

package dev.fairbench.profile;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The client side of PostgreSQL's SCRAM-SHA-256 authentication (RFC 5802/7677, without channel binding), for the
 * tests that speak the protocol byte by byte to the embedded server, which no longer trusts anyone.
 */
final class ScramAuth {
    private ScramAuth() {}

    /**
     * Answers the server's authentication requests after a StartupMessage until AuthenticationOk; the messages that
     * follow (ParameterStatus, ReadyForQuery) are left unread.
     *
     * @throws IOException on an ErrorResponse or an authentication method other than SCRAM-SHA-256
     */
    static void authenticate(DataInputStream in, OutputStream out, String password) throws IOException {
        String nonce = Base64.getEncoder().encodeToString(new SecureRandom().generateSeed(18));
        String clientFirstBare = "n=,r=" + nonce;
        String serverFirst = null;
        while (true) {
            byte type = in.readByte();
            byte[] body = new byte[in.readInt() - 4];
            in.readFully(body);
            if (type == 'E') throw new IOException("server error: " + new String(body, StandardCharsets.UTF_8));
            if (type != 'R') throw new IOException("unexpected message " + (char) type + " during authentication");
            int code = ByteBuffer.wrap(body).getInt();
            String data = new String(body, 4, body.length - 4, StandardCharsets.UTF_8);
            switch (code) {
                case 0 -> {
                    return;
                }
                case 10 -> {
                    if (!data.contains("SCRAM-SHA-256")) throw new IOException("no SCRAM-SHA-256 offered: " + data);
                    byte[] mechanism = "SCRAM-SHA-256\0".getBytes(StandardCharsets.US_ASCII);
                    byte[] first = ("n,," + clientFirstBare).getBytes(StandardCharsets.US_ASCII);
                    send(out, ByteBuffer.allocate(mechanism.length + 4 + first.length).put(mechanism)
                            .putInt(first.length).put(first).array());
                }
                case 11 -> {
                    serverFirst = data;
                    send(out, clientFinal(clientFirstBare, serverFirst, password).getBytes(StandardCharsets.US_ASCII));
                }
                case 12 -> {
                    // server signature: trusted here, the server is the tests' own
                }
                default -> throw new IOException("authentication method " + code + " is not SCRAM-SHA-256");
            }
        }
    }

    private static String clientFinal(String clientFirstBare, String serverFirst, String password) throws IOException {
        Map<String, String> attrs = new HashMap<>();
        for (String part : serverFirst.split(",")) attrs.put(part.substring(0, 1), part.substring(2));
        String withoutProof = "c=biws,r=" + attrs.get("r");
        try {
            SecretKeyFactory pbkdf2 = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
            byte[] salted = pbkdf2.generateSecret(new PBEKeySpec(password.toCharArray(),
                    Base64.getDecoder().decode(attrs.get("s")), Integer.parseInt(attrs.get("i")), 256)).getEncoded();
            byte[] clientKey = hmac(salted, "Client Key");
            byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
            byte[] signature = hmac(storedKey, clientFirstBare + "," + serverFirst + "," + withoutProof);
            byte[] proof = new byte[clientKey.length];
            for (int i = 0; i < proof.length; i++) proof[i] = (byte) (clientKey[i] ^ signature[i]);
            return withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof);
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.US_ASCII));
    }

    /** One SASLInitialResponse or SASLResponse message ('p'). */
    private static void send(OutputStream out, byte[] body) throws IOException {
        out.write(ByteBuffer.allocate(5 + body.length).put((byte) 'p').putInt(4 + body.length).put(body).array());
        out.flush();
    }
}

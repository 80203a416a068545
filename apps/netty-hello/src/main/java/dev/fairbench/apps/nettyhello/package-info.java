/**
 * The JVM's floor for the hello suite: {@code GET /hello} on plain Netty, written the way Netty's own users write
 * a fast HTTP/1.1 server ({@code HttpServerCodec}, native epoll, pre-built responses, one flush per read batch).
 * <p>May import: the JDK and Netty; nothing of fairbench (not even {@code app-common}: the app needs no database).
 */
package dev.fairbench.apps.nettyhello;

package dev.fairbench.apps.nettyhello;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * The one handler after {@code HttpServerCodec}: answers each request with a {@link CannedResponses canned
 * response} as soon as its head is decoded (a body, which only a wrong method has, is read and dropped). Responses
 * are written without a flush; {@link #channelReadComplete} flushes once per read, so the requests of one pipelined
 * batch leave in one write. Keep-alive as HTTP/1.1 says: a {@code Connection: close} request (or HTTP/1.0 without
 * {@code keep-alive}) gets {@code Connection: close} and the connection is closed once it is written. A request the
 * decoder rejects gets 400, 414 or 431 and the connection is closed. Stateless: one instance serves every channel.
 */
@ChannelHandler.Sharable
final class HelloHandler extends ChannelInboundHandlerAdapter {
    private final CannedResponses responses;

    HelloHandler(CannedResponses responses) {
        this.responses = responses;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                answer(ctx, request);
            } else if (msg instanceof HttpContent content && content.decoderResult().isFailure()) {
                ctx.close(); // a broken body: its request was answered already, nothing more to say
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a reset by the peer or an I/O error: nothing to answer, and not worth a log line per client
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest request) {
        if (request.decoderResult().isFailure()) {
            Throwable cause = request.decoderResult().cause();
            CannedResponses.Canned refusal = cause instanceof TooLongHttpLineException ? responses.uriTooLong
                    : cause instanceof TooLongHttpHeaderException ? responses.headersTooLarge : responses.badRequest;
            ctx.writeAndFlush(refusal.withConnection(HttpHeaderValues.CLOSE)).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        CannedResponses.Canned response = route(request);
        if (!HttpUtil.isKeepAlive(request)) {
            ctx.writeAndFlush(response.withConnection(HttpHeaderValues.CLOSE)).addListener(ChannelFutureListener.CLOSE);
        } else if (request.protocolVersion() == HttpVersion.HTTP_1_1) {
            ctx.write(response.persistent(), ctx.voidPromise());
        } else {
            ctx.write(response.withConnection(HttpHeaderValues.KEEP_ALIVE), ctx.voidPromise());
        }
    }

    /** {@code /hello} (GET, or HEAD: the codec leaves the body out) or 405; any other path 404. */
    private CannedResponses.Canned route(HttpRequest request) {
        String target = request.uri();
        if (!target.equals("/hello") && !pathOf(target).equals("/hello")) return responses.notFound;
        HttpMethod method = request.method();
        return method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD) ? responses.hello
                : responses.methodNotAllowed;
    }

    /**
     * The decoded path of a request target (RFC 9112 section 3.2): the origin form up to its query, the absolute
     * form ({@code http://host:port/hello}) without scheme and authority; {@code ""} for the asterisk and
     * authority forms, which name no path.
     */
    static String pathOf(String target) {
        int start = 0;
        if (!target.startsWith("/")) {
            int scheme = target.indexOf("://");
            if (scheme <= 0) return "";
            start = target.indexOf('/', scheme + 3);
            if (start < 0) return "/";
        }
        return new QueryStringDecoder(target.substring(start)).path();
    }
}

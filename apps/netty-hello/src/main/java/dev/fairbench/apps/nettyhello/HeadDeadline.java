package dev.fairbench.apps.nettyhello;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * Closes a connection on which no request head has been decoded for {@link #QUIET_CHECKS} checks in a row, one
 * every {@link #CHECK_MILLIS} ms: a head that stalls or trickles in (docs/workload.md §5.1), or a kept-alive
 * connection left idle, is closed 1.6 to 2 s after the last head (or the connection's start), as hyper's
 * {@code header_read_timeout} closes it in the Rust apps. Netty's {@code IdleStateHandler} and
 * {@code ReadTimeoutHandler} time the gap between two reads, which a client sending a byte a second never lets
 * run out. Sits after {@code HttpServerCodec}; a decoded head costs a counter, the timer runs per connection, not
 * per request. One instance per channel, used on its event loop only.
 */
final class HeadDeadline extends ChannelInboundHandlerAdapter {
    /** How often the connection is checked. */
    static final int CHECK_MILLIS = 400;
    /** Checks without a new head after which the connection is closed: 4 x 400 ms, at most the contract's 2 s. */
    static final int QUIET_CHECKS = 4;

    private long heads;
    private long headsAtLastCheck;
    private int quietChecks;
    private ScheduledFuture<?> checks;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) start(ctx);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        start(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) heads++;
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        stop();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        stop();
    }

    private void start(ChannelHandlerContext ctx) {
        if (checks != null) return;
        checks = ctx.executor().scheduleAtFixedRate(() -> check(ctx), CHECK_MILLIS, CHECK_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    private void check(ChannelHandlerContext ctx) {
        if (heads != headsAtLastCheck) {
            headsAtLastCheck = heads;
            quietChecks = 0;
        } else if (++quietChecks >= QUIET_CHECKS) {
            stop();
            ctx.close();
        }
    }

    private void stop() {
        if (checks != null) {
            checks.cancel(false);
            checks = null;
        }
    }
}

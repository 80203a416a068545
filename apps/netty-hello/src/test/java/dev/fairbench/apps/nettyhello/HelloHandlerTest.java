package dev.fairbench.apps.nettyhello;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpServerCodec;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The handler in a real Netty pipeline on an {@link EmbeddedChannel}, where flushes can be counted. */
class HelloHandlerTest {
    /** Counts the flushes that reach the socket end of the pipeline. */
    static final class FlushCounter extends ChannelOutboundHandlerAdapter {
        int flushes;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            flushes++;
            ctx.flush();
        }
    }

    @Test
    void sixteenPipelinedRequestsInOneReadLeaveInOneFlush() {
        FlushCounter counter = new FlushCounter();
        EmbeddedChannel channel = new EmbeddedChannel(counter, new HttpServerCodec(),
                new HelloHandler(new CannedResponses()));
        String batch = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(16);
        channel.writeInbound(Unpooled.copiedBuffer(batch, StandardCharsets.US_ASCII));
        assertThat(counter.flushes).isEqualTo(1);
        StringBuilder written = new StringBuilder();
        for (ByteBuf b; (b = channel.readOutbound()) != null; b.release()) {
            written.append(b.toString(StandardCharsets.UTF_8));
        }
        assertThat(written.toString().split("HTTP/1\\.1 200 OK\r\n", -1)).hasSize(17);
        assertThat(written.toString().split("Hello, World!", -1)).hasSize(17);
        assertThat(channel.isOpen()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void responsesAreDatedInImfFixdateByTheClock() {
        CannedResponses responses = new CannedResponses();
        responses.date(0);
        assertThat(responses.hello.persistent().headers().get(HttpHeaderNames.DATE))
                .isEqualTo("Thu, 01 Jan 1970 00:00:00 GMT");
        responses.date(86_400_000L * 40 + 3_723_000L);
        assertThat(responses.notFound.persistent().headers().get(HttpHeaderNames.DATE))
                .isEqualTo("Tue, 10 Feb 1970 01:02:03 GMT");
    }

    @Test
    void pathsOfEveryTargetForm() {
        assertThat(HelloHandler.pathOf("/hello?a=b")).isEqualTo("/hello");
        assertThat(HelloHandler.pathOf("/hell%6F")).isEqualTo("/hello");
        assertThat(HelloHandler.pathOf("http://127.0.0.1:8080/hello?x")).isEqualTo("/hello");
        assertThat(HelloHandler.pathOf("http://127.0.0.1:8080")).isEqualTo("/");
        assertThat(HelloHandler.pathOf("*")).isEmpty();
        assertThat(HelloHandler.pathOf("127.0.0.1:8080")).isEmpty();
    }
}

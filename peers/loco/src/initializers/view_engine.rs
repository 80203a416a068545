//! Loco's Tera view engine for the controllers (`ViewEngine<TeraView>`), with the contract's escaper.

use std::io::Write;

use axum::Extension;
use loco_rs::app::{AppContext, Initializer};
use loco_rs::controller::views::{engines::TeraView, ViewEngine};
use loco_rs::Result;

/// Where Loco's generated apps keep their templates; the app starts in its own folder (apps.toml `start_dir`).
pub const VIEWS: &str = "assets/views";

pub struct ViewEngineInitializer;

/// Escapes exactly `& < > " '` (docs/workload.md section 4.2): Tera 2's own escaper writes `"` as `&quot;`.
fn escape(text: &str, out: &mut dyn Write) -> std::io::Result<()> {
    out.write_all(blog_core::render::escape_html(text).as_bytes())
}

/// The engine over the templates of `views`, with [`escape`] for the `.html` templates.
pub fn engine(views: &str) -> Result<TeraView> {
    TeraView::from_custom_dir(&views, |tera| {
        tera.set_escape_fn(escape);
        Ok(())
    })
}

#[async_trait::async_trait]
impl Initializer for ViewEngineInitializer {
    fn name(&self) -> String {
        "view-engine".to_string()
    }

    async fn after_routes(&self, router: axum::Router, _ctx: &AppContext) -> Result<axum::Router> {
        Ok(router.layer(Extension(ViewEngine::from(engine(VIEWS)?))))
    }
}
